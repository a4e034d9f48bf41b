/**
 * The API's one error shape, DESIGN.md §3: `{"error":{"code","message","details"?}}`.
 * Unexpected errors are logged once with a request id and answered 500 without internals.
 */
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type ErrorBody = { error: { code: string; message: string; details?: unknown } };

/** An error a handler throws to answer `status` with `code` and a message for the client. */
export class ApiError extends HTTPException {
  constructor(
    status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(status, { message });
  }
}

/** The API's error body; `details` is left out when undefined. */
export const errorBody = (code: string, message: string, details?: unknown): ErrorBody => ({
  error: details === undefined ? { code, message } : { code, message, details },
});

/** Answers `status` with the API's error body. */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  details?: unknown,
): Response {
  return c.json(errorBody(code, message, details), status);
}

/** Hono `onError`: ApiError and HTTPException keep their status; anything else is a logged 500. */
export const onError: ErrorHandler = (err, c) => {
  if (err instanceof ApiError) return errorResponse(c, err.status as ContentfulStatusCode, err.code, err.message, err.details);
  if (err instanceof HTTPException) {
    // Hono's own: malformed JSON (400), body too large (413).
    const status = err.status as ContentfulStatusCode;
    const code = status === 400 ? 'malformed_request' : status === 413 ? 'payload_too_large' : 'http_error';
    return errorResponse(c, status, code, err.message || 'Request failed');
  }
  const requestId = crypto.randomUUID();
  console.error(`[${requestId}] ${c.req.method} ${c.req.path}:`, err);
  return errorResponse(c, 500, 'internal', `Something went wrong on our side (request ${requestId}).`);
};

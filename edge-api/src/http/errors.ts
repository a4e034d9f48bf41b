/**
 * The API's one error shape, DESIGN.md §3: `{"error":{"code","message","details"?}}`, and the
 * central error handler: refusals and outages are logged at warn with their reason, a database
 * that cannot be reached or is locked is 503 with Retry-After, and anything unexpected is logged
 * once at error and answered 500 naming the request id, without a stack or SQL.
 */
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { databaseUnavailable } from '../db/outage';
import type { ApiErrorBody, ApiErrorCode } from '../contract/errors';
import type { AppEnv } from '../env';
import { requestLog, type RequestLog } from './logger';

/**
 * An error a handler throws to answer `status` with `code` and a message for the client.
 * `reason`, when given, is what the log says instead of the message (e.g. why a token was
 * refused); it never reaches the client.
 */
export class ApiError extends HTTPException {
  readonly reason: string | undefined;
  constructor(
    status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
    options: { reason?: string } = {},
  ) {
    super(status, { message });
    this.reason = options.reason;
  }
}

/** The API's error body; `details` is left out when undefined. */
export const errorBody = (code: ApiErrorCode, message: string, details?: unknown): ApiErrorBody => ({
  error: details === undefined ? { code, message } : { code, message, details },
});

/** Answers `status` with the API's error body. */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: ApiErrorCode,
  message: string,
  details?: unknown,
): Response {
  return c.json(errorBody(code, message, details), status);
}

/** Statuses whose answers are logged with their reason: refusals and our own unavailability. */
const LOGGED_REFUSALS = new Set([401, 403]);

/**
 * Hono `onError`. ApiError and HTTPException keep their status (401, 403 and 5xx ApiErrors are
 * logged at warn with their reason); a database outage is 503 `database_unavailable`, a locked
 * database (SQLITE_BUSY, SQLITE_LOCKED) 503 `database_busy`, each with Retry-After and logged at
 * warn with its reason (database-outage.ts); anything else is logged at error with its stack and
 * answered 500 `internal` naming the request id.
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  // Outside /api (the static site) no request id or logger was set.
  const requestId = (c.get('requestId') as string | undefined) ?? crypto.randomUUID();
  const log = (c.get('log') as RequestLog | undefined) ?? requestLog(requestId);
  if (err instanceof ApiError) {
    if (LOGGED_REFUSALS.has(err.status) || err.status >= 500)
      log.warn(err.status >= 500 ? 'request failed' : 'request refused', {
        status: err.status,
        code: err.code,
        reason: err.reason ?? err.message,
      });
    return errorResponse(c, err.status as ContentfulStatusCode, err.code, err.message, err.details);
  }
  if (err instanceof HTTPException) {
    // Hono's own: malformed JSON (400), body too large (413).
    const status = err.status as ContentfulStatusCode;
    const code = status === 400 ? 'malformed_request' : status === 413 ? 'payload_too_large' : 'http_error';
    return errorResponse(c, status, code, err.message || 'Request failed');
  }
  const unavailable = databaseUnavailable(err);
  if (unavailable !== undefined) {
    log.warn(unavailable.log, { code: unavailable.code, reason: unavailable.reason });
    c.header('Retry-After', String(unavailable.retryAfterS));
    return errorResponse(c, 503, unavailable.code, unavailable.message);
  }
  log.error('unexpected error', { error: err });
  return errorResponse(c, 500, 'internal', `Something went wrong on our side (request ${requestId}).`);
};

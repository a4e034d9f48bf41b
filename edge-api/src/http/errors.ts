/**
 * The API's one error shape, DESIGN.md §3: `{"error":{"code","message","details"?}}`, and the
 * central error handler: refusals and outages are logged at warn with their reason, a database
 * that cannot be reached or is locked is 503 with Retry-After, and anything unexpected is logged
 * once at error and answered 500 naming the request id, without a stack or SQL. The database
 * layer's own errors (db/errors.ts) become answers here ({@link toApiError}), so the layer needs
 * no HTTP.
 */
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { databaseBusy } from '../db/busy';
import { OrderNotFoundError } from '../db/errors';
import { databaseOutage } from '../db/outage';
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
  /** Seconds before asking again, sent as Retry-After (a 503 or 429 the client should retry). */
  readonly retryAfterS: number | undefined;
  constructor(
    status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
    options: { reason?: string; retryAfterS?: number } = {},
  ) {
    super(status, { message });
    this.reason = options.reason;
    this.retryAfterS = options.retryAfterS;
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

/**
 * The answer to `error` when it is one the API gives on purpose: an ApiError itself, or the
 * database layer's error turned into one (an order that does not exist is 404 `not_found`).
 * @returns the ApiError, or undefined for any other error (SlotFullError included: the orders
 * route plans its write again instead of answering it).
 */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof OrderNotFoundError) return new ApiError(404, 'not_found', `No order with id ${error.orderId}.`);
  return undefined;
}

/**
 * How the API answers a database that cannot serve now: 503 with the code, message and
 * Retry-After (seconds; a locked database's callers have waited the busy timeout already), and
 * the warn log line.
 */
const UNAVAILABLE = {
  database_unavailable: {
    message: 'The shop cannot reach its database right now; try again in a few seconds.',
    retryAfterS: 5,
    log: 'database unavailable',
  },
  database_busy: {
    message: 'The shop’s database is busy right now; try again in a moment.',
    retryAfterS: 2,
    log: 'database busy',
  },
} as const;

/**
 * Classifies `error`: an outage (db/outage.ts) or a locked database (db/busy.ts), with the
 * answer and the log line each gets, and the reason to log.
 * @returns how to answer it, or undefined when it is neither (a 500).
 */
function databaseUnavailable(error: unknown) {
  const outage = databaseOutage(error);
  if (outage !== undefined)
    return { code: 'database_unavailable', ...UNAVAILABLE.database_unavailable, reason: outage } as const;
  const busy = databaseBusy(error);
  if (busy !== undefined)
    return {
      code: 'database_busy',
      ...UNAVAILABLE.database_busy,
      reason: `${busy}: another connection holds the database's lock`,
    } as const;
  return undefined;
}

/** Statuses whose answers are logged with their reason: refusals and our own unavailability. */
const LOGGED_REFUSALS = new Set([401, 403]);

/**
 * Hono `onError`. ApiError (and the database layer's errors, {@link toApiError}) and
 * HTTPException keep their status (401, 403 and 5xx ApiErrors are logged at warn with their
 * reason); a database outage is 503 `database_unavailable`, a locked database (SQLITE_BUSY,
 * SQLITE_LOCKED) 503 `database_busy`, each with Retry-After and logged at warn with its reason;
 * anything else is logged at error with its stack and
 * answered 500 `internal` naming the request id.
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  // Outside /api (the static site) no request id or logger is set.
  const requestId = (c.get('requestId') as string | undefined) ?? crypto.randomUUID();
  const log = (c.get('log') as RequestLog | undefined) ?? requestLog(requestId);
  const apiError = toApiError(err);
  if (apiError) {
    if (LOGGED_REFUSALS.has(apiError.status) || apiError.status >= 500)
      log.warn(apiError.status >= 500 ? 'request failed' : 'request refused', {
        status: apiError.status,
        code: apiError.code,
        reason: apiError.reason ?? apiError.message,
      });
    if (apiError.retryAfterS !== undefined) c.header('Retry-After', String(apiError.retryAfterS));
    return errorResponse(c, apiError.status as ContentfulStatusCode, apiError.code, apiError.message, apiError.details);
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

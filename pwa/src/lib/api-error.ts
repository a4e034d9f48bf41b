/**
 * Reads the API's error answer (DESIGN.md §3: `{"error":{"code","message","details"?}}`) in one
 * place, for the typed client (api-client.ts) and the outbox sender alike. It imports nothing, so
 * the service worker can use it without the RPC client.
 */

/** The parts of a fetch `Response` an error message is read from. */
export type ErrorResponse = Pick<Response, 'status' | 'statusText' | 'json'>;

/** An error answer as read: the API's `code` (undefined when the body has none), message and details. */
export type ApiErrorBody = { code: string | undefined; message: string; details: unknown };

/**
 * Takes a non-2xx `res` (its body not read yet) and returns the API's error `code`, `message` and
 * `details`; `message` is `fallback` when the body has none (default: the status line, e.g.
 * "502 Bad Gateway"). Never throws.
 */
export async function readApiError(
  res: ErrorResponse,
  fallback = `${res.status} ${res.statusText}`,
): Promise<ApiErrorBody> {
  const body = (await res.json().catch(() => null)) as {
    error?: { code?: unknown; message?: unknown; details?: unknown };
  } | null;
  const error = typeof body?.error === 'object' && body.error !== null ? body.error : {};
  return {
    code: typeof error.code === 'string' ? error.code : undefined,
    message: typeof error.message === 'string' ? error.message : fallback,
    details: error.details,
  };
}

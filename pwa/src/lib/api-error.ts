/**
 * Reads the API's error answer (DESIGN.md §3: `{"error":{"code","message","details"?}}`) in one
 * place, for the typed client (api-client.ts) and the outbox sender alike. It imports nothing, so
 * the service worker can use it without the RPC client.
 */

/** The parts of a fetch `Response` an error message is read from. */
export type ErrorResponse = Pick<Response, 'status' | 'statusText' | 'json'>;

/**
 * Takes a non-2xx `res` (its body not read yet) and returns the API's `error.message`, or
 * `fallback` when the body has none (default: the status line, e.g. "502 Bad Gateway").
 * Never throws.
 */
export async function apiErrorMessage(res: ErrorResponse, fallback = `${res.status} ${res.statusText}`): Promise<string> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: unknown } } | null;
  const message = body?.error?.message;
  return typeof message === 'string' ? message : fallback;
}

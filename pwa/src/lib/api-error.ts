/**
 * Reads the API's error answer (DESIGN.md §3: `{"error":{"code","message","details"?}}`, and the
 * request's id in `X-Request-Id`) in one place, for the typed client (api-client.ts) and the
 * outbox sender alike. It imports nothing, so the service worker can use it without the RPC client.
 */

/** The parts of a fetch `Response` an error is read from. */
export type ErrorResponse = Pick<Response, 'status' | 'statusText' | 'json' | 'headers'>;

/**
 * An error answer as read: the API's `code` (undefined when the body has none), message and
 * details, and the id the API logged the request under (undefined when the answer names none).
 */
export type ApiErrorBody = { code: string | undefined; message: string; details: unknown; requestId?: string };

/**
 * Takes an error answer's parsed JSON `body` and returns the API's error `code`, `message` and
 * `details`; `message` is `fallback` when the body has none. Never throws.
 */
export function apiErrorOf(body: unknown, fallback: string): Omit<ApiErrorBody, 'requestId'> {
  const error = (body as { error?: unknown } | null | undefined)?.error;
  const fields = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    message?: unknown;
    details?: unknown;
  };
  return {
    code: typeof fields.code === 'string' ? fields.code : undefined,
    message: typeof fields.message === 'string' ? fields.message : fallback,
    details: fields.details,
  };
}

/**
 * Takes a non-2xx `res` (its body not read yet) and returns the API's error `code`, `message`,
 * `details` and the `X-Request-Id`; `message` is `fallback` when the body has none (default: the
 * status line, e.g. "502 Bad Gateway"). Never throws.
 */
export async function readApiError(
  res: ErrorResponse,
  fallback = `${res.status} ${res.statusText}`,
): Promise<ApiErrorBody> {
  const error = apiErrorOf(await res.json().catch(() => null), fallback);
  const requestId = res.headers.get('X-Request-Id');
  return requestId === null ? error : { ...error, requestId };
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * The `{_id, name}` entries of an error's `details.products` (out_of_stock and too_many_units
 * name the products so), each with its `available` units (counted stock, DESIGN.md §4) and the
 * units it `mayAdd` (too_many_units) when the answer has them as whole numbers ≥ 0; other
 * entries are skipped.
 */
export function detailedProducts(
  details: unknown,
): Array<{ _id: string; name: string; available?: number; mayAdd?: number }> {
  const products = (details as { products?: unknown } | null | undefined)?.products;
  if (!Array.isArray(products)) return [];
  return products.flatMap((p: { _id?: unknown; name?: unknown; available?: unknown; mayAdd?: unknown } | null) => {
    if (typeof p?._id !== 'string' || typeof p.name !== 'string') return [];
    const { available, mayAdd } = p;
    return [
      {
        _id: p._id,
        name: p.name,
        ...(isCount(available) ? { available } : {}),
        ...(isCount(mayAdd) ? { mayAdd } : {}),
      },
    ];
  });
}

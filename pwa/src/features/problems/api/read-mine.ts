/** One GET of the signed-in account's own data under `/api/users/me` (DESIGN.md §19), read as JSON. */
import { API_BASE, apiRequestError, bearer, currentIdToken } from '../../../lib/api-client';

/**
 * `GET /api/users/me/<what>` with the signed-in user's ID token.
 * @returns the 2xx answer's body. @throws ApiRequestError for any other status.
 */
export async function readMine<T>(what: 'credit'): Promise<T> {
  const token = await currentIdToken();
  const res = await fetch(`${API_BASE}/users/me/${what}`, { headers: token ? bearer(token) : {} });
  if (!res.ok) throw await apiRequestError(res);
  return (await res.json()) as T;
}

/** `GET /api/users/:email` (DESIGN.md §3): a user's saved profile and admin flag. */
import { api, bearer, readResponse } from '../../../lib/api-client';

/**
 * Returns `email`'s profile `{email, displayName, admin}`, asked with `idToken`: the user being
 * signed in, whose token the client's token provider may not give yet.
 * @throws ApiRequestError (non-2xx: 401, 403 someone else's, 404 unknown) or TypeError (network).
 */
export async function getUser(email: string, idToken: string) {
  // The client puts a param into the path as it is given.
  return readResponse(
    api.users[':email'].$get({ param: { email: encodeURIComponent(email) } }, { headers: bearer(idToken) }),
  );
}

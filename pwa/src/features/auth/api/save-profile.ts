/** `POST` / `PUT /api/users` (spec §7, DESIGN.md §3): the signed-in user saves their own profile. */
import { api, bearer } from '../../../lib/api-client';

/** What `/api/users` stores of a user: the e-mail they signed in with and their display name. */
export type Profile = { email: string; displayName: string };

/**
 * Upserts `profile` with `idToken` (the user being signed in; without one, the client's token
 * provider's) — `POST` after registering, `PUT` after a provider sign-in (spec §7).
 * @returns true when saved, false when the API refused it (sign-in goes on either way).
 * @throws TypeError when the request could not be sent (network).
 */
export async function saveProfile(
  method: 'POST' | 'PUT',
  profile: Profile,
  idToken: string | undefined,
): Promise<boolean> {
  const options = idToken ? { headers: bearer(idToken) } : undefined;
  const res =
    method === 'POST'
      ? await api.users.$post({ json: profile }, options)
      : await api.users.$put({ json: profile }, options);
  return res.ok;
}

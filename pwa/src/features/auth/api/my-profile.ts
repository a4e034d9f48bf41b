/**
 * The signed-in account's profile (DESIGN.md §3 `GET/PUT /api/users/me`): saved phone and up to 5
 * labelled addresses, most recently used first. The query is kept offline (lib/persist-queries.ts),
 * so checkout is prefilled from the last known profile without a connection.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { MAX_SAVED_ADDRESSES, type Profile, type ProfileUpdate, type SavedAddress } from '@contract/user';
import { api, readResponse } from '../../../lib/api-client';
import { profileKeys } from '../../../lib/query-keys';

export { MAX_SAVED_ADDRESSES, type Profile, type SavedAddress };

/**
 * Returns the profile query's options for account `uid`. Fails with ApiRequestError (non-2xx) or
 * TypeError (network).
 */
const myProfileQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: profileKeys.me(uid),
    queryFn: () => readResponse(api.users.me.$get()),
    // Read again on every checkout and profile visit: the copy kept offline may be older than the
    // last order's save (it is written at most once a second).
    staleTime: 0,
  });

/** Returns the profile query of account `uid` (disabled while signed out: `uid` undefined). */
export const useMyProfile = (uid: string | undefined) =>
  useQuery({ ...myProfileQueryOptions(uid ?? ''), enabled: Boolean(uid) });

/**
 * Saves `changes` (any of name, phone — null clears it — and the whole address list) to account
 * `uid`'s profile and puts the answer in the cache.
 * @returns the saved profile.
 * @throws ApiRequestError (400 with field details) or TypeError (network).
 */
export async function saveMyProfile(client: QueryClient, uid: string, changes: ProfileUpdate): Promise<Profile> {
  const saved = await readResponse(api.users.me.$put({ json: changes }));
  client.setQueryData(profileKeys.me(uid), saved);
  return saved;
}

/** A Dhaka address as an order used it (DESIGN.md §15): its area, line (house, road, flat), and the parts given. */
export type AddressUsed = { areaId: string; line: string; floor?: string; landmark?: string; note?: string };

/** What a placed order used: its phone, its address, and whether (and under which label) to save a new address. */
export type UsedContact = { phone: string; address: AddressUsed; savedId?: string; saveAs?: string };

/** `saved` with the parts of `used` (its area, line, floor, landmark, note: parts not given are dropped). */
const withAddress = (saved: SavedAddress, used: AddressUsed): SavedAddress => ({
  id: saved.id,
  label: saved.label,
  areaId: used.areaId,
  line: used.line,
  ...(used.floor && { floor: used.floor }),
  ...(used.landmark && { landmark: used.landmark }),
  ...(used.note && { note: used.note }),
});

/**
 * Takes the addresses saved and what an order used; returns the list to save: the address used
 * first — a saved one moved up, with what the order used (an old free-text one gets its area,
 * DESIGN.md §15); a new one saved under `saveAs`, replacing one of the same label, when there is
 * room — the rest in their order, at most MAX_SAVED_ADDRESSES. A new address is one saved already
 * when its area and line are the same (ignoring case).
 */
export function addressesAfterOrder(saved: readonly SavedAddress[], used: UsedContact): SavedAddress[] {
  const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
  const { address } = used;
  const match =
    saved.find((a) => a.id === used.savedId) ??
    saved.find(
      (a) =>
        a.areaId === address.areaId &&
        same(a.line, address.line) &&
        (used.saveAs === undefined || same(a.label, used.saveAs)),
    );
  if (match) return [withAddress(match, address), ...saved.filter((a) => a.id !== match.id)];
  if (!used.saveAs) return [...saved];
  const relabelled = saved.find((a) => same(a.label, used.saveAs ?? ''));
  const rest = saved.filter((a) => a !== relabelled);
  if (!relabelled && saved.length >= MAX_SAVED_ADDRESSES) return [...saved];
  return [
    withAddress({ id: relabelled?.id ?? crypto.randomUUID(), label: used.saveAs, areaId: null, line: '' }, address),
    ...rest,
  ];
}

/**
 * Remembers what an order used (phone, and its address as {@link addressesAfterOrder} says) in
 * account `uid`'s kept profile at once, then saves it with `PUT /users/me` when online. Offline,
 * or when the save fails, only this device's copy changes (the next profile read online replaces
 * it) and nothing is shown: the order is what matters. Never rejects.
 */
export async function rememberContact(client: QueryClient, uid: string, used: UsedContact): Promise<void> {
  const key = profileKeys.me(uid);
  const known = client.getQueryData<Profile>(key);
  if (known) client.setQueryData<Profile>(key, withContact(known, used));
  if (!navigator.onLine) return;
  try {
    // The list saved is the server's, read first when this device has none: never a list that drops addresses.
    const current = known ?? (await client.fetchQuery(myProfileQueryOptions(uid)));
    const next = withContact(current, used);
    await saveMyProfile(client, uid, { phone: next.phone, addresses: next.addresses });
  } catch {
    // Not saved this time: the order went through, and the next checkout asks again.
  }
}

/** `profile` after an order that used `used` (phone and addresses, as {@link addressesAfterOrder}). */
function withContact(profile: Profile, used: UsedContact): Profile {
  return { ...profile, phone: used.phone, addresses: addressesAfterOrder(profile.addresses, used) };
}

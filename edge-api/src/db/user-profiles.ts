/**
 * The `user_profiles` table (migration 0008, DESIGN.md §3 `GET/PUT /users/me`): an account's
 * saved phone and addresses, one row per account (`uid`, the token's `sub`), so a phone-number
 * account without an e-mail has one too. `addresses` is a JSON array, most recently used first.
 * `display_name` is the name of an account without an e-mail (`users`, keyed by e-mail, holds
 * the others'). Times are Unix epoch ms.
 */
import type { Client } from '@libsql/client';
import { savedAddressSchema, type SavedAddress } from '../contract/user';

/** What `user_profiles` keeps of an account. */
export type StoredProfile = { displayName: string | undefined; phone: string; addresses: SavedAddress[] };

/** The changes {@link saveStoredProfile} makes: a field left undefined keeps its value. */
export type ProfileChanges = { displayName?: string; phone?: string; addresses?: SavedAddress[] };

/**
 * A stored address as the API's: one saved as free text before delivery areas (`{id, label,
 * address}`) is read as its line with no area (`areaId: null`), to be given one when next used
 * (DESIGN.md §15 "Addresses").
 */
function upgradedAddress(item: unknown): unknown {
  if (typeof item !== 'object' || item === null || 'line' in item || !('address' in item)) return item;
  const { address, ...rest } = item as { address: unknown };
  return { ...rest, areaId: null, line: address };
}

/** Parses the stored JSON, keeping only well-formed addresses (the column is written only by this module). */
function parseAddresses(json: unknown): SavedAddress[] {
  try {
    const list: unknown = JSON.parse(String(json));
    return Array.isArray(list)
      ? list.flatMap((item) => savedAddressSchema.safeParse(upgradedAddress(item)).data ?? [])
      : [];
  } catch {
    return [];
  }
}

/** Reads account `uid`'s saved profile; an account that saved nothing yet has none of it (empty phone and list). */
export async function readStoredProfile(db: Client, uid: string): Promise<StoredProfile> {
  const { rows } = await db.execute({
    sql: 'SELECT display_name, phone, addresses FROM user_profiles WHERE uid = ?',
    args: [uid],
  });
  const row = rows[0];
  if (!row) return { displayName: undefined, phone: '', addresses: [] };
  return {
    displayName: row.display_name == null ? undefined : String(row.display_name),
    phone: String(row.phone),
    addresses: parseAddresses(row.addresses),
  };
}

/**
 * Applies `changes` to account `uid`'s profile in one statement (creating the row when there is
 * none); `addresses` replaces the whole list.
 */
export async function saveStoredProfile(db: Client, uid: string, changes: ProfileChanges): Promise<void> {
  const has = (value: unknown) => (value === undefined ? 0 : 1);
  await db.execute({
    sql: `INSERT INTO user_profiles (uid, display_name, phone, addresses, updated_at) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (uid) DO UPDATE SET
            display_name = CASE WHEN ? THEN excluded.display_name ELSE user_profiles.display_name END,
            phone = CASE WHEN ? THEN excluded.phone ELSE user_profiles.phone END,
            addresses = CASE WHEN ? THEN excluded.addresses ELSE user_profiles.addresses END,
            updated_at = excluded.updated_at`,
    args: [
      uid,
      changes.displayName ?? null,
      changes.phone ?? '',
      JSON.stringify(changes.addresses ?? []),
      Date.now(),
      has(changes.displayName),
      has(changes.phone),
      has(changes.addresses),
    ],
  });
}

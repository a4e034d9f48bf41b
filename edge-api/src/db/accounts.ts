/**
 * The `accounts` table (migration 0019, DESIGN.md §18): every account the API has seen signed in,
 * by uid, with what its latest token said (e-mail, whether verified, phone number, name), and the
 * rider flag. A rider is named by e-mail or phone number, so the accounts a token has shown are
 * what can be named; the flag counts only while the token shows a verified e-mail or a phone
 * sign-in ({@link isRiderAccount}). Times are Unix epoch ms.
 */
import type { Client } from '@libsql/client';
import type { Rider, RiderGrantReason } from '../contract/rider';

/** What a token says of its account, as recorded here. */
export type SeenAccount = {
  uid: string;
  email: string;
  emailVerified: boolean;
  phoneNumber: string | undefined;
  name: string | undefined;
};

/**
 * What was last recorded per uid in this process, per database, so an account's row is written
 * once per process and again only when its token says something new (not one write per request).
 */
const recordedIn = new WeakMap<Client, Map<string, string>>();
/** The most uids remembered; past it the memory starts over (a write each, then quiet again). */
const MAX_REMEMBERED = 10_000;

/**
 * Records `account` as its token describes it (creating its row, or updating e-mail,
 * verification, phone number and name), unless this process recorded the same already. Keeps the
 * rider flag. Best-effort: the caller logs a failure and goes on.
 */
export async function recordAccount(db: Client, account: SeenAccount): Promise<void> {
  const email = account.email.toLowerCase();
  const phone = account.phoneNumber ?? '';
  const name = account.name ?? '';
  const fingerprint = JSON.stringify([email, account.emailVerified, phone, name]);
  const recorded = recordedIn.get(db) ?? new Map<string, string>();
  recordedIn.set(db, recorded);
  if (recorded.get(account.uid) === fingerprint) return;
  const now = Date.now();
  await db.execute({
    sql: `INSERT INTO accounts (uid, email, email_verified, phone_number, display_name, seen_at) VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (uid) DO UPDATE SET email = excluded.email, email_verified = excluded.email_verified,
            phone_number = excluded.phone_number, display_name = excluded.display_name, seen_at = excluded.seen_at
          WHERE accounts.email <> excluded.email OR accounts.email_verified <> excluded.email_verified
            OR accounts.phone_number <> excluded.phone_number OR accounts.display_name <> excluded.display_name`,
    args: [account.uid, email, account.emailVerified ? 1 : 0, phone, name, now],
  });
  if (recorded.size >= MAX_REMEMBERED) recorded.clear();
  recorded.set(account.uid, fingerprint);
}

/**
 * True when account `uid` is flagged a rider and its token (`emailVerified`, `phoneNumber`) shows
 * a verified e-mail or a phone sign-in (DESIGN.md §18).
 */
export async function isRiderAccount(
  db: Client,
  account: { uid: string; emailVerified: boolean; phoneNumber: string | undefined },
): Promise<boolean> {
  if (!account.emailVerified && !account.phoneNumber) return false;
  const { rows } = await db.execute({ sql: 'SELECT rider FROM accounts WHERE uid = ?', args: [account.uid] });
  return Number(rows[0]?.rider ?? 0) === 1;
}

/** The SQL name of an account row `a`: its display name, else its e-mail, else its phone number. */
export const ACCOUNT_NAME_SQL = (a: string) =>
  `coalesce(nullif(${a}.display_name, ''), nullif(${a}.email, ''), ${a}.phone_number)`;

/**
 * The SQL phone number to call an account row `a` on (E.164, '' when none): the number it signs in
 * with, else the phone saved on its profile (an e-mail account's, DESIGN.md §18: the shopper calls
 * the rider).
 */
export const ACCOUNT_PHONE_SQL = (a: string) =>
  `coalesce(nullif(${a}.phone_number, ''), (SELECT nullif(p.phone, '') FROM user_profiles AS p WHERE p.uid = ${a}.uid), '')`;

/**
 * Sets (`rider` true) or clears the rider flag of the account with e-mail `by.email` or phone
 * number `by.phoneNumber` (E.164). An e-mail must have been seen verified; a phone number is a
 * phone sign-in. When several accounts share it, the one seen last is taken.
 * @returns `{modifiedCount: 1}`, or 0 with the reason (contract/rider.ts riderGrantReasons).
 */
export async function setRider(
  db: Client,
  by: { email?: string | undefined; phoneNumber?: string | undefined },
  rider: boolean,
): Promise<{ modifiedCount: number; reason?: RiderGrantReason }> {
  const [column, value] = by.email ? ['email', by.email.toLowerCase()] : ['phone_number', by.phoneNumber ?? ''];
  const { rows } = await db.execute({
    sql: `SELECT uid, email_verified, rider FROM accounts WHERE ${column} = ? ORDER BY seen_at DESC LIMIT 1`,
    args: [value],
  });
  const row = rows[0];
  if (!row) return { modifiedCount: 0, reason: 'unknown_account' };
  if (rider && by.email && Number(row.email_verified) !== 1) return { modifiedCount: 0, reason: 'email_not_verified' };
  const { rowsAffected } = await db.execute({
    sql: 'UPDATE accounts SET rider = ? WHERE uid = ? AND rider = ?',
    args: [rider ? 1 : 0, String(row.uid), rider ? 0 : 1],
  });
  return rowsAffected === 1
    ? { modifiedCount: 1 }
    : { modifiedCount: 0, reason: rider ? 'already_rider' : 'not_a_rider' };
}

/** Every rider, by name (DESIGN.md §18 `GET /api/riders`). */
export async function listRiders(db: Client): Promise<Rider[]> {
  const { rows } = await db.execute(
    `SELECT uid, ${ACCOUNT_NAME_SQL('a')} AS name, email, phone_number FROM accounts AS a WHERE rider = 1
     ORDER BY name COLLATE NOCASE, uid`,
  );
  return rows.map((row) => ({
    uid: String(row.uid),
    name: String(row.name),
    email: String(row.email),
    phoneNumber: String(row.phone_number),
  }));
}

/** Rider `uid` as `GET /api/riders` lists them, or undefined when the account is not a rider. */
export async function findRider(db: Client, uid: string): Promise<Rider | undefined> {
  const { rows } = await db.execute({
    sql: `SELECT uid, ${ACCOUNT_NAME_SQL('a')} AS name, email, phone_number FROM accounts AS a WHERE uid = ? AND rider = 1`,
    args: [uid],
  });
  const row = rows[0];
  return row
    ? { uid: String(row.uid), name: String(row.name), email: String(row.email), phoneNumber: String(row.phone_number) }
    : undefined;
}

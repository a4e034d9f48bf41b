/**
 * The `users` table (DESIGN.md §3, §4): display names and the admin flag, one row per e-mail
 * (compared case-insensitively) and bound to the account (`uid`, the token's `sub`) that saved
 * it. A row with no uid yet (made by a seed or a grant before the account signed in, or older
 * than migration 0006) is claimed by the first account that saves its profile; a row bound to
 * another account belongs to that account, so a newer account with the same e-mail neither reads
 * its name nor inherits its admin flag. Admin rights need a verified e-mail (DESIGN.md §3,
 * "Identity is the account"). Times are Unix epoch ms.
 */
import type { Client, Row } from '@libsql/client';
import type { User } from '../contract/user';

/** The account a request is signed in as, as the rules here need it (auth/verify-token.ts AuthUser). */
export type Account = { uid: string; email: string; emailVerified: boolean };

/** Maps a `users` row to the spec's user shape; `admin` is the row's own flag only. */
function toUser(row: Row): User {
  return { email: String(row.email), displayName: String(row.display_name), admin: Number(row.admin) === 1 };
}

/**
 * Reads the saved profile of `email`, whichever account saved it (for an admin looking a user
 * up); `admin` is the granted flag: the row is marked admin or `email` is one of `adminEmails`
 * (ADMIN_EMAILS). The flag takes effect only while that account's e-mail is verified
 * ({@link isAdminAccount}).
 * @returns the user, or undefined when no profile is saved.
 */
export async function readUser(
  db: Client,
  email: string,
  adminEmails: readonly string[] = [],
): Promise<User | undefined> {
  const { rows } = await db.execute({
    sql: 'SELECT email, display_name, admin FROM users WHERE email = ?',
    args: [email],
  });
  if (!rows[0]) return undefined;
  const user = toUser(rows[0]);
  return { ...user, admin: adminEmails.includes(email) || user.admin };
}

/**
 * Reads `account`'s own saved profile: the row of its e-mail unless another account saved it.
 * @returns the user with the row's own admin flag, or undefined when this account has none (an
 * account with no e-mail, signed in with a phone number, has no row here).
 */
export async function readProfile(db: Client, account: Pick<Account, 'uid' | 'email'>): Promise<User | undefined> {
  if (!account.email) return undefined;
  const { rows } = await db.execute({
    sql: 'SELECT email, display_name, admin FROM users WHERE email = ? AND (uid IS NULL OR uid = ?)',
    args: [account.email, account.uid],
  });
  return rows[0] ? toUser(rows[0]) : undefined;
}

/**
 * True when `account` has admin rights: its e-mail is verified (the token's `email_verified`),
 * and the e-mail is in `adminEmails` (ADMIN_EMAILS, no query) or its profile row, not bound to
 * another account, is marked admin (DESIGN.md §3).
 */
export async function isAdminAccount(db: Client, adminEmails: readonly string[], account: Account): Promise<boolean> {
  if (!account.emailVerified) return false;
  if (adminEmails.includes(account.email)) return true;
  return (await readProfile(db, account))?.admin === true;
}

/**
 * The statements that bind the row of `email` to `uid`, creating it with `displayName` and
 * admin flag `admin` (0 or 1) when there is none. An existing row takes `displayName` unless
 * `keepName` and it is empty; it keeps its admin flag only when it was not bound to another
 * account (else it starts at 0), and `admin` 1 sets it. The account's row under an older e-mail
 * is removed: one profile per account.
 */
function bindStatements(uid: string, email: string, displayName: string, admin: 0 | 1, keepName: boolean) {
  const now = Date.now();
  return [
    { sql: 'DELETE FROM users WHERE uid = ? AND email <> ?', args: [uid, email] },
    {
      sql: `INSERT INTO users (email, uid, display_name, admin, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (email) DO UPDATE SET
              display_name = CASE WHEN ? AND excluded.display_name = '' THEN users.display_name ELSE excluded.display_name END,
              admin = max(excluded.admin, CASE WHEN users.uid IS NULL OR users.uid = excluded.uid THEN users.admin ELSE 0 END),
              uid = excluded.uid,
              updated_at = excluded.updated_at`,
      args: [email, uid, displayName, admin, now, now, keepName ? 1 : 0],
    },
  ];
}

/**
 * Saves `account`'s display name in its profile (the row of its e-mail), creating a non-admin
 * profile when there is none; binds the row to the account (see the module note). An account
 * with no e-mail (phone sign-in) has no row keyed by e-mail: nothing is saved.
 */
export async function upsertUser(
  db: Client,
  account: Pick<Account, 'uid' | 'email'>,
  displayName: string,
): Promise<void> {
  if (!account.email) return;
  await db.batch(bindStatements(account.uid, account.email, displayName, 0, false), 'write');
}

/**
 * Creates or updates the user `email` with admin rights; keeps an existing display name when
 * `displayName` is empty. With `uid` (the seeded account's, when known) the row is bound to that
 * account; without, an unbound row stays unbound and a bound one keeps its account.
 */
export async function upsertAdminUser(db: Client, email: string, displayName: string, uid?: string): Promise<void> {
  const lower = email.toLowerCase();
  if (uid !== undefined) {
    await db.batch(bindStatements(uid, lower, displayName, 1, true), 'write');
    return;
  }
  const now = Date.now();
  await db.execute({
    sql: `INSERT INTO users (email, display_name, admin, created_at, updated_at) VALUES (?, ?, 1, ?, ?)
          ON CONFLICT (email) DO UPDATE SET admin = 1, updated_at = excluded.updated_at,
            display_name = CASE WHEN excluded.display_name = '' THEN users.display_name ELSE excluded.display_name END`,
    args: [lower, displayName, now, now],
  });
}

/**
 * Gives an existing, non-admin user admin rights (effective once their e-mail is verified).
 * @returns the number of users changed: 1, or 0 when `email` is unknown or already an admin.
 */
export async function grantAdmin(db: Client, email: string): Promise<number> {
  return (
    await db.execute({
      sql: 'UPDATE users SET admin = 1, updated_at = ? WHERE email = ? AND admin = 0',
      args: [Date.now(), email],
    })
  ).rowsAffected;
}

/**
 * The `users` table (DESIGN.md §3, §4): display names and the admin flag, keyed by e-mail
 * (compared case-insensitively). Times are Unix epoch ms.
 */
import type { Client, Row } from '@libsql/client';
import type { User } from '../contract/user';

/** Maps a `users` row to the spec's user shape; `admin` is the row's own flag only. */
export function toUser(row: Row): User {
  return { email: String(row.email), displayName: String(row.display_name), admin: Number(row.admin) === 1 };
}

/**
 * Reads the saved profile of `email`; `admin` is true when the row is marked admin or `email`
 * is one of `adminEmails` (ADMIN_EMAILS).
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

/** True when `email` is an admin: listed in `adminEmails` (ADMIN_EMAILS, no query) or marked in `users`. */
export async function isAdminEmail(db: Client, adminEmails: readonly string[], email: string): Promise<boolean> {
  if (adminEmails.includes(email)) return true;
  const { rows } = await db.execute({ sql: 'SELECT admin FROM users WHERE email = ?', args: [email] });
  return Number(rows[0]?.admin ?? 0) === 1;
}

/** Saves `email`'s display name, creating a non-admin user when there is none (the admin flag is kept). */
export async function upsertUser(db: Client, email: string, displayName: string): Promise<void> {
  const now = Date.now();
  await db.execute({
    sql: `INSERT INTO users (email, display_name, admin, created_at, updated_at) VALUES (?, ?, 0, ?, ?)
          ON CONFLICT (email) DO UPDATE SET display_name = excluded.display_name, updated_at = excluded.updated_at`,
    args: [email, displayName, now, now],
  });
}

/**
 * Creates or updates the user `email` with admin rights; keeps an existing display name when
 * `displayName` is empty.
 */
export async function upsertAdminUser(db: Client, email: string, displayName: string): Promise<void> {
  const now = Date.now();
  await db.execute({
    sql: `INSERT INTO users (email, display_name, admin, created_at, updated_at) VALUES (?, ?, 1, ?, ?)
          ON CONFLICT (email) DO UPDATE SET admin = 1, updated_at = excluded.updated_at,
            display_name = CASE WHEN excluded.display_name = '' THEN users.display_name ELSE excluded.display_name END`,
    args: [email.toLowerCase(), displayName, now, now],
  });
}

/**
 * Gives an existing, non-admin user admin rights.
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

/** The `users` table: display names and the admin flag (DESIGN.md §3). */
import type { Client } from '@libsql/client';

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

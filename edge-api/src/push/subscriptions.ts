/**
 * The `push_subscriptions` table (migration 0011, DESIGN.md §11): the browsers that asked for
 * order news, per account. An endpoint stays with the account that subscribed it until that
 * account unsubscribes it or its push service answers 404/410. An account keeps at most
 * {@link MAX_SUBSCRIPTIONS_PER_ACCOUNT}: a new one pushes out its oldest, so one account cannot
 * make the server fan out without bound.
 */
import type { Client, Row } from '@libsql/client';
import type { PushTarget } from './sender';

/** Phones, tablets and browsers one account may have subscribed at once. */
const MAX_SUBSCRIPTIONS_PER_ACCOUNT = 10;

/** A stored subscription: where to send, and in which language its notifications are shown. */
export type StoredSubscription = PushTarget & { locale: 'en' | 'bn' };

const toSubscription = (row: Row): StoredSubscription => ({
  endpoint: String(row.endpoint),
  keys: { p256dh: String(row.p256dh), auth: String(row.auth) },
  locale: row.locale === 'bn' ? 'bn' : 'en',
});

/**
 * Stores `subscription` for account `userId` (its own endpoint again takes the new keys and
 * language), with the account's admin right as it is now; drops the account's oldest beyond the
 * cap. An endpoint belongs to the account that subscribed it (DESIGN.md §11): one another account
 * holds is left as it is, its owner, keys and admin flag unchanged, so a client that learns an
 * endpoint cannot take its owner's news or give it its own admin flag.
 * @returns true when stored; false when another account holds `subscription.endpoint`.
 */
export async function saveSubscription(
  db: Client,
  userId: string,
  subscription: StoredSubscription,
  isAdmin: boolean,
): Promise<boolean> {
  const { endpoint, keys, locale } = subscription;
  const [upsert] = await db.batch(
    [
      {
        // The update's WHERE leaves another account's row alone: no row changes, so rowsAffected is 0.
        sql: `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, locale, is_admin, created_at)
              VALUES (?, ?, ?, ?, ?, ?, ?)
              ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
                locale = excluded.locale, is_admin = excluded.is_admin, created_at = excluded.created_at
              WHERE push_subscriptions.user_id = excluded.user_id`,
        args: [endpoint, userId, keys.p256dh, keys.auth, locale, isAdmin ? 1 : 0, Date.now()],
      },
      // An admin's right is the account's: its other devices follow the newest answer.
      { sql: 'UPDATE push_subscriptions SET is_admin = ? WHERE user_id = ?', args: [isAdmin ? 1 : 0, userId] },
      {
        sql: `DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint NOT IN
                (SELECT endpoint FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, endpoint LIMIT ?)`,
        args: [userId, userId, MAX_SUBSCRIPTIONS_PER_ACCOUNT],
      },
    ],
    'write',
  );
  return (upsert?.rowsAffected ?? 0) > 0;
}

/** Removes `userId`'s subscription `endpoint`. @returns 1, or 0 when the account has no such one. */
export async function deleteOwnSubscription(db: Client, userId: string, endpoint: string): Promise<number> {
  return (
    await db.execute({
      sql: 'DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?',
      args: [endpoint, userId],
    })
  ).rowsAffected;
}

/** Removes `endpoint`, which its push service says is gone (404/410). */
export async function deleteSubscription(db: Client, endpoint: string): Promise<void> {
  await db.execute({ sql: 'DELETE FROM push_subscriptions WHERE endpoint = ?', args: [endpoint] });
}

/** The subscriptions of account `userId`. */
export async function subscriptionsOf(db: Client, userId: string): Promise<StoredSubscription[]> {
  const { rows } = await db.execute({
    sql: 'SELECT endpoint, p256dh, auth, locale FROM push_subscriptions WHERE user_id = ?',
    args: [userId],
  });
  return rows.map(toSubscription);
}

/** The subscriptions of accounts that held the admin right when they subscribed. */
export async function adminSubscriptions(db: Client): Promise<StoredSubscription[]> {
  const { rows } = await db.execute('SELECT endpoint, p256dh, auth, locale FROM push_subscriptions WHERE is_admin = 1');
  return rows.map(toSubscription);
}

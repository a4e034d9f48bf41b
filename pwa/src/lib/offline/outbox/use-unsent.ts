/** The signed-in user's queued orders and reviews, live from IndexedDB. */
import { useLiveQuery } from '../live-query';
import { isUnsent, type UnsentItem } from './protocol';

/** Items of `email` not yet sent (waiting or failed), oldest first; [] when signed out. */
export function useUnsent(email: string | undefined): UnsentItem[] {
  return (
    useLiveQuery(
      email
        ? async (db) => (await db.outbox.where('userEmail').equals(email.toLowerCase()).sortBy('seq')).filter(isUnsent)
        : undefined,
      [email],
    ) ?? []
  );
}

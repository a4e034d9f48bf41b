/** The signed-in user's queued orders and reviews, live from IndexedDB. */
import { useLiveQuery } from 'dexie-react-hooks';
import { db, type OutboxItem } from '../../lib/offline/db';

/** Items of `email` not yet sent (waiting or failed), oldest first; [] when signed out. */
export function useUnsent(email: string | undefined): OutboxItem[] {
  return (
    useLiveQuery(async () => (email ? (await db.outbox.where('userEmail').equals(email.toLowerCase()).sortBy('seq')).filter((item) => item.status !== 'sent') : []), [email]) ?? []
  );
}

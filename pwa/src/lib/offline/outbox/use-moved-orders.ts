/**
 * Which of the signed-in user's orders had their delivery slot moved by the server (DESIGN.md
 * §8: a full or closed slot is replaced by the earliest free one, and only the answer to
 * `POST /orders` says so). Every order is placed through the outbox, which keeps that answer.
 */
import { useLiveQuery } from '../live-query';

/** Ids of `email`'s sent orders whose answer said `deliverySlotChanged`; [] when signed out. */
export function useMovedOrders(email: string | undefined): string[] {
  return (
    useLiveQuery(
      email
        ? async (db) =>
            (await db.outbox.where('userEmail').equals(email.toLowerCase()).toArray()).flatMap((item) =>
              item.kind === 'order' && item.status === 'sent' && item.result?.deliverySlotChanged
                ? [item.result._id]
                : [],
            )
        : undefined,
      [email],
    ) ?? []
  );
}

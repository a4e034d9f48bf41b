/**
 * Saving a packing (DESIGN.md §17) through the outbox (DESIGN.md §5): `PUT /api/orders/:id/packing`
 * with an Idempotency-Key, queued first, sent at once when online, else once the connection is
 * back; once sent every order query is refreshed, so the order shows Packed. Also the packing of
 * an order still in the outbox, waiting or refused, live from IndexedDB.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PackingInput } from '@contract/order';
import type { UnsentItem } from '../../../lib/offline/outbox/protocol';
import { submit, type SubmitOutcome } from '../../../lib/offline/outbox/submit';
import { useUnsent } from '../../../lib/offline/outbox/use-unsent';
import { orderKeys } from '../../../lib/query-keys';

/** A packing the outbox holds, not sent (yet). */
export type UnsentPacking = Extract<UnsentItem, { kind: 'packing' }>;

/**
 * The mutation that saves a packing of order `orderId` as `userEmail`: `mutateAsync({packing,
 * key})` resolves `sent` (the server has it) or `queued` (offline, or the server busy); it
 * throws OutboxNoteError when the server refused it (its code and details, e.g. packing_invalid).
 * `key` is the Idempotency-Key: the same for a retry of the same packing, new for a changed one.
 */
export function useSavePacking(orderId: string, userEmail: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ packing, key }: { packing: PackingInput; key: string }): Promise<SubmitOutcome> =>
      submit('packing', { orderId, packing }, { userEmail, key }),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** The packing of `orderId` that `email`'s outbox holds unsent (the newest), or undefined. */
export function useUnsentPacking(email: string | undefined, orderId: string): UnsentPacking | undefined {
  return useUnsent(email)
    .filter((item): item is UnsentPacking => item.kind === 'packing' && item.payload.orderId === orderId)
    .at(-1);
}

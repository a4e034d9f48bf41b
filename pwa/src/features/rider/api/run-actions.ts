/**
 * The rider's actions on their run (DESIGN.md §18), through the outbox (DESIGN.md §5): **Set out**
 * (`POST /api/rider/run/start`), a stop **Delivered** (`POST /api/orders/:id/delivered`) and a stop
 * not delivered (`POST /api/orders/:id/attempt`). Each is queued with its own Idempotency-Key,
 * sent at once when online, else once the connection is back — exactly once. Also what the
 * outbox holds of them, live from IndexedDB, so each stop says what is waiting.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shopDate } from '@contract/shop-day';
import { useLiveQuery } from '../../../lib/offline/live-query';
import type { OutboxItem, OutboxKind, OutboxPayload } from '../../../lib/offline/outbox/protocol';
import { submit, type SubmitOutcome } from '../../../lib/offline/outbox/submit';
import { invalidateAfterRunning } from '../../../lib/refetch-now';
import { runKeys } from './get-run';

/** The outbox kinds of a rider's run. */
export type RunKind = Extract<OutboxKind, 'runStart' | 'delivered' | 'deliveryAttempt'>;

/** One action of the run as the outbox sends it: its kind and payload. */
export type RunAction = { [K in RunKind]: { kind: K; payload: OutboxPayload<K> } }[RunKind];

/** An outbox item of the run (waiting, sent or refused), of kind `K`. */
export type RunItem<K extends RunKind = RunKind> = Extract<OutboxItem, { kind: K }>;

const isRunItem = (item: OutboxItem): item is RunItem =>
  item.kind === 'runStart' || item.kind === 'delivered' || item.kind === 'deliveryAttempt';

/** Queues `action` as one outbox item and tries to send it now (submit.ts). */
const submitAction = <K extends RunKind>(
  action: { kind: K; payload: OutboxPayload<K> },
  options: { userEmail: string; key: string; replaces?: string | undefined },
): Promise<SubmitOutcome> =>
  submit(action.kind, action.payload, {
    userEmail: options.userEmail,
    key: options.key,
    ...(options.replaces === undefined ? {} : { replaces: options.replaces }),
  });

/**
 * The mutation that sends the run's actions as `userEmail`: `mutateAsync({action, key,
 * replaces?})` resolves `sent` (the server has it) or `queued` (offline, or the server busy), and
 * throws OutboxNoteError when the server refused it (e.g. `wrong_delivery_code`). `key` is the
 * action's Idempotency-Key, made when the rider pressed the button; `replaces` the key of a
 * refused item this one takes the place of. Once settled the run is read again.
 */
export function useRunAction(userEmail: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ action, key, replaces }: { action: RunAction; key: string; replaces?: string | undefined }) =>
      submitAction(action, { userEmail, key, replaces }),
    onSettled: () => invalidateAfterRunning(client, runKeys.all),
  });
}

/** What the outbox holds of one stop: its newest delivery and attempt items, waiting, refused or sent today. */
export type StopItems = { delivered?: RunItem<'delivered'>; attempt?: RunItem<'deliveryAttempt'> };

/** What the outbox holds of `email`'s run today: the newest Set out, and each stop's items by order id. */
export type RunOutbox = { start?: RunItem<'runStart'>; stops: ReadonlyMap<string, StopItems> };

/** The order id an item of the run is about: its payload's while it holds one, else its receipt's. */
const orderIdOf = (item: RunItem): string | undefined => {
  if (item.status === 'sent') return item.result._id || undefined;
  return 'orderId' in item.payload ? item.payload.orderId : undefined;
};

/**
 * Takes `email`'s outbox items (oldest first) and returns what the run shows of them: items
 * queued on shop date `today` (a sent one is a receipt: its order id is the answer's `_id`), the
 * newest of each kind per stop.
 */
export function runOutboxOf(items: readonly OutboxItem[], today: string): RunOutbox {
  const stops = new Map<string, StopItems>();
  let start: RunItem<'runStart'> | undefined;
  for (const item of items) {
    if (!isRunItem(item) || shopDate(item.createdAt) !== today) continue;
    if (item.kind === 'runStart') {
      start = item;
      continue;
    }
    const orderId = orderIdOf(item);
    if (!orderId) continue;
    const entry = stops.get(orderId) ?? {};
    if (item.kind === 'delivered') stops.set(orderId, { ...entry, delivered: item });
    else stops.set(orderId, { ...entry, attempt: item });
  }
  return { start, stops };
}

const EMPTY: RunOutbox = { stops: new Map() };

/** What `email`'s outbox holds of their run today, live from IndexedDB; empty while signed out or loading. */
export function useRunOutbox(email: string | undefined): RunOutbox {
  const outbox = useLiveQuery(
    email
      ? async (db) =>
          runOutboxOf(
            await db.outbox.where('userEmail').equals(email.toLowerCase()).sortBy('seq'),
            shopDate(Date.now()),
          )
      : undefined,
    [email],
  );
  return outbox ?? EMPTY;
}

/**
 * Reporting a problem through the outbox (DESIGN.md §19, §5): the claim and its photo's bytes are
 * queued under an Idempotency-Key made once, sent at once when online, else when the connection
 * returns — exactly once; a refusal is final and kept for My Orders to say. Also what the outbox
 * holds of the shopper's problems, live from IndexedDB, so an order says its claim is waiting.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from '../../../lib/offline/live-query';
import type { ProblemPayload, UnsentItem } from '../../../lib/offline/outbox/protocol';
import { submit, type SubmitOutcome } from '../../../lib/offline/outbox/submit';
import { orderKeys } from '../../../lib/query-keys';
import { invalidateAfterRunning, useRefetchOrdersWhenGone } from '../../../lib/refetch-now';

/** A problem in the outbox not sent yet: waiting (with its photo), or refused (its lines and why). */
export type UnsentProblem = Extract<UnsentItem, { kind: 'problem' }>;

/**
 * The mutation that reports problems as `userEmail`: `mutateAsync({payload, key})` resolves `sent`
 * (the server has it) or `queued` (offline, or the server busy), and throws OutboxNoteError when
 * the server refused it (e.g. 409 `too_late`). `key` is made when the shopper pressed Send and kept
 * for a second press; `replaces` is the key of a refused report this one takes the place of. Once settled the problems, the credit and the orders are read again.
 */
export function useReportProblem(userEmail: string) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({
      payload,
      key,
      replaces,
    }: {
      payload: ProblemPayload;
      key: string;
      replaces?: string | undefined;
    }): Promise<SubmitOutcome> =>
      submit('problem', payload, { userEmail, key, ...(replaces === undefined ? {} : { replaces }) }),
    onSettled: () => invalidateAfterRunning(client, orderKeys.all),
  });
}

/**
 * `email`'s problems in the outbox not sent yet (waiting, or refused), by order id — the newest
 * per order; an empty map while signed out or not read yet. When one leaves the outbox (sent by
 * this page or the service worker) the problems, the credit and the orders are read again.
 */
export function useUnsentProblems(email: string | undefined): ReadonlyMap<string, UnsentProblem> {
  const items = useLiveQuery(
    email
      ? async (db) =>
          (await db.outbox.where('userEmail').equals(email.toLowerCase()).sortBy('seq')).filter(
            (item): item is UnsentProblem => item.kind === 'problem' && item.status !== 'sent',
          )
      : undefined,
    [email],
  );
  useRefetchOrdersWhenGone((items ?? []).filter((item) => item.status === 'waiting').map((item) => item.key));
  return new Map((items ?? []).map((item) => [item.payload.orderId, item]));
}

/**
 * The outbox's one call for screens (DESIGN.md §5 "Outbox"): an order or a review is written to
 * the outbox first, sent at once when online, handed to Background Sync when it could not be,
 * and sent directly when this browser has no IndexedDB (some private modes), as an online-only
 * shop would. Checkout and Add Review each make one `submit` call.
 */
import { apiRequestError, currentIdToken } from '../../api-client';
import { requestPersistentStorage } from '../persist';
import { receiptOf } from './answered';
import { OutboxNoteError, type OutboxKind, type OutboxPayload, type OutboxReceipt } from './protocol';
import { sendOutboxItem } from './request';
import { requestBackgroundSync, sendAfterCurrentRun } from './runner';
import { enqueue, outboxItem } from './store';

/** `sent`: the server has it (its receipt in `result`: the new id); `queued`: it waits in the outbox. */
export type SubmitOutcome = { status: 'sent'; result: OutboxReceipt } | { status: 'queued' };

export type SubmitOptions = {
  /** The signed-in user's e-mail: the item is sent, and shown, only for them. */
  userEmail: string;
  /** The Idempotency-Key, when the screen made one already (a retried checkout keeps its key). */
  key?: string;
  /**
   * For an order: the cart is emptied in the same IndexedDB transaction that queues it, then
   * this is called to empty the page's copy (the cart store and its localStorage mirror), so a
   * reload before the live query catches up cannot bring the ordered items back.
   */
  clearCart?: () => void;
  /** The Idempotency-Key of a refused item this one replaces: removed when this one is queued. */
  replaces?: string;
};

/**
 * Queues `payload` as a `kind` write and tries to send it now.
 * @returns `sent` with the answer's receipt (the new id), or `queued` (offline, or the server was busy).
 * @throws OutboxNoteError when the outbox will not send it (the server refused it: its status,
 * code and refused products as kept), or when the direct send without IndexedDB found no
 * signed-in user; ApiRequestError when the direct send was refused.
 */
export async function submit<K extends OutboxKind>(
  kind: K,
  payload: OutboxPayload<K>,
  options: SubmitOptions,
): Promise<SubmitOutcome> {
  requestPersistentStorage();
  const key = options.key ?? crypto.randomUUID();
  try {
    await enqueue(kind, payload, options.userEmail, {
      key,
      clearCart: options.clearCart !== undefined,
      replaces: options.replaces,
    });
  } catch {
    const result = await sendDirectly(kind, payload, key);
    options.clearCart?.();
    return { status: 'sent', result };
  }
  options.clearCart?.();
  // A run that began before this item was queued would not send it: the answer is awaited from one that includes it.
  await sendAfterCurrentRun();
  const item = await outboxItem(key);
  if (item?.status === 'sent') return { status: 'sent', result: item.result };
  if (item?.status === 'failed') throw new OutboxNoteError(item);
  void requestBackgroundSync();
  return { status: 'queued' };
}

/** Without an outbox: one request now, with the same key (a retry of the screen stays one write). */
async function sendDirectly<K extends OutboxKind>(
  kind: K,
  payload: OutboxPayload<K>,
  key: string,
): Promise<OutboxReceipt> {
  const token = await currentIdToken();
  if (!token) throw new OutboxNoteError({ note: 'signIn' });
  const res = await sendOutboxItem({ kind, key, payload }, token);
  if (!res.ok) throw await apiRequestError(res);
  return receiptOf(await res.json());
}

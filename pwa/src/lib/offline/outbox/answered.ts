/**
 * What an outbox item becomes once the server has answered it (DESIGN.md §5): the row that
 * replaces it, with nothing of the shopper's phone or address. Apart from protocol.ts, which the
 * app's first load reads (an ID token's account, the notes' texts), so this code loads only with
 * the sender.
 */
import type { OutboxItem, OutboxNoteFields, OutboxReceipt } from './protocol';

/**
 * Takes an item and the final word on it (a 2xx answer `{status: 'sent', result}`, or
 * `{status: 'failed', ...note fields}`: refused, or too old); returns the row that replaces it: a
 * sent one keeps only its receipt, a failed one its KeptPayload and why. No phone or address of
 * the shopper survives an answer: they stay on the device only while the item waits.
 * @throws TypeError when a sent `item` is given a refusal (the server's answer is final).
 */
export function answeredItem(
  item: OutboxItem,
  answer: { status: 'sent'; result: unknown } | ({ status: 'failed' } & OutboxNoteFields),
): OutboxItem {
  const { seq, key, kind, userEmail, createdAt, attempts, nextAttemptAt } = item;
  const base = { ...(seq === undefined ? {} : { seq }), key, userEmail, createdAt, attempts, nextAttemptAt };
  if (answer.status === 'sent') return { ...base, kind, status: 'sent', result: receiptOf(answer.result) };
  const { note, httpStatus, code, message, details, refusal } = answer;
  const why = Object.fromEntries(
    Object.entries({ note, httpStatus, code, message, details, refusal }).filter(([, value]) => value !== undefined),
  ) as OutboxNoteFields;
  if (item.status === 'sent') throw new TypeError('outbox: a sent item cannot be refused');
  switch (item.kind) {
    case 'order':
      return {
        ...base,
        ...why,
        kind: 'order',
        status: 'failed',
        payload: { orderedProduct: item.payload.orderedProduct },
      };
    case 'review':
      return { ...base, ...why, kind: 'review', status: 'failed', payload: item.payload };
    case 'packing':
      return { ...base, ...why, kind: 'packing', status: 'failed', payload: item.payload };
    case 'runStart':
      return { ...base, ...why, kind: 'runStart', status: 'failed', payload: item.payload };
    // The code stays with a refused delivery: the rider's page says it was wrong and asks again.
    case 'delivered':
      return { ...base, ...why, kind: 'delivered', status: 'failed', payload: item.payload };
    case 'deliveryAttempt':
      return { ...base, ...why, kind: 'deliveryAttempt', status: 'failed', payload: item.payload };
    // A refused problem keeps its lines for My Orders to say which; its photo's bytes go.
    case 'problem': {
      const { orderId, lines, photoId } = item.payload;
      return {
        ...base,
        ...why,
        kind: 'problem',
        status: 'failed',
        payload: { orderId, lines, ...(photoId === undefined ? {} : { photoId }) },
      };
    }
  }
}

/** The receipt of a 2xx answer `body` (OutboxReceipt); `_id` '' when the body had none. */
export function receiptOf(body: unknown): OutboxReceipt {
  const { _id, deliverySlotChanged } = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  return {
    _id: typeof _id === 'string' ? _id : '',
    ...(deliverySlotChanged === true ? { deliverySlotChanged: true } : {}),
  };
}

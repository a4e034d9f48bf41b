/**
 * What the outbox holds and says, shared by the page, the sender and the service worker:
 * the kinds of write it queues with their payloads (the contract's `POST /orders` and
 * `POST /reviews` bodies) and answers, where each is sent, an item's statuses, and the message
 * the worker posts after it sent something. The names it is stored and coordinated under are in
 * storage-keys.ts.
 */
import type { Order, OrderInput } from '@contract/order';
import type { Review, ReviewInput } from '@contract/review';
import type { OUTBOX_SENT_MESSAGE } from '../../storage-keys';

/** Each kind of queued write: its request body and the server's answer once sent. */
export type OutboxKinds = {
  order: { payload: OrderInput; result: Order };
  review: { payload: ReviewInput; result: Review };
};
export type OutboxKind = keyof OutboxKinds;
export type OutboxPayload<K extends OutboxKind> = OutboxKinds[K]['payload'];
export type OutboxResult<K extends OutboxKind> = OutboxKinds[K]['result'];

/** Where each kind is POSTed (DESIGN.md §3); both take an Idempotency-Key. */
export const OUTBOX_ENDPOINT: Record<OutboxKind, string> = { order: '/api/orders', review: '/api/reviews' };

/**
 * An item's notes in English, as the sender writes them (lib/i18n/api-errors.ts says them in the
 * language shown): while no signed-in user can send it, while the shop is busy or out of reach,
 * once it waited too long, and when it was refused without a reason.
 */
export const SIGN_IN_NOTE = 'Sign in to send your order';
export const BUSY_NOTE = 'The shop is busy; trying again soon';
export const CONNECTION_NOTE = 'Waiting for a connection';
export const TOO_OLD_NOTE = 'Not sent: it waited more than 7 days and prices may have changed. Please order again.';
export const REFUSED_NOTE = 'It was refused.';

/** `waiting`: queued (maybe retrying); `sent`: the server answered 2xx; `failed`: refused, with a note. */
export type OutboxStatus = 'waiting' | 'sent' | 'failed';

/** The API's error code of an order with products that are out of stock now (409). */
export const OUT_OF_STOCK = 'out_of_stock';

/** Why the server refused an item, when the shopper can act on it: the products it could not take. */
export type OutboxRefusal = { code: typeof OUT_OF_STOCK; products: Array<{ _id: string; name: string }> };

type ItemOf<K extends OutboxKind> = {
  seq?: number;
  /** Its Idempotency-Key, made once when the shopper pressed the button. */
  key: string;
  kind: K;
  /** The signed-in user's e-mail (lower case): items are sent, and shown, only for that user. */
  userEmail: string;
  payload: OutboxPayload<K>;
  /** When it was queued (ms since the epoch). */
  createdAt: number;
  attempts: number;
  /** Not before this time (ms since the epoch) — the retry backoff. */
  nextAttemptAt: number;
  status: OutboxStatus;
  /** Why it is not sent yet, or why it failed, in words for the shopper (English: the server's, or one of the notes above). */
  note?: string;
  /** On a failed item: the API's error code of the refusal, when its answer had one. */
  code?: string;
  /** On a failed item: what the server refused it for (out of stock), as the API detailed it. */
  refusal?: OutboxRefusal;
  /** The server's answer once sent (the created order or review). */
  result?: OutboxResult<K>;
};

/** One queued write, typed by its kind. */
export type OutboxItem = { [K in OutboxKind]: ItemOf<K> }[OutboxKind];

/** What the service worker posts to open pages after a Background Sync run sent something. */
export type OutboxSentMessage = { type: typeof OUTBOX_SENT_MESSAGE };

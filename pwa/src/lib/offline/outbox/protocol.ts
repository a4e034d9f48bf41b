/**
 * What the outbox holds and says, shared by the page, the sender and the service worker:
 * the kinds of write it queues with their payloads (the contract's `POST /orders` and
 * `POST /reviews` bodies, and an admin's packing of an order, `PUT /orders/:id/packing`), what is left of an item once the server has answered it (a receipt,
 * or a refused item's lines and reason: never the shopper's phone or address), an item's
 * statuses and notes, and the message
 * the worker posts after it sent something. A rider's run (DESIGN.md §18) queues its actions here
 * too: Set out, a stop delivered, a stop not delivered; and a shopper's problem with a delivered
 * order (DESIGN.md §19), its photo's bytes with it. The names it is stored and coordinated
 * under are in storage-keys.ts.
 */
import { fromBase64url } from '@contract/base64url';
import { QUEUED_WRITE_MAX_DAYS, type OUT_OF_STOCK } from '@contract/outbox-answer';
import type { OrderInput, PackingInput } from '@contract/order';
import type { PhotoType, ProblemInput } from '@contract/problem';
import type { ReviewInput } from '@contract/review';
import type { AttemptInput, DeliveredInput } from '@contract/rider';
import type { OUTBOX_RAN_MESSAGE } from '../../storage-keys';

/**
 * Each kind of queued write: what it sends (request.ts makes the request of it). An order and a
 * review are their request bodies; a packing (DESIGN.md §17) is the order's id and its body. A
 * rider's run (DESIGN.md §18): setting out on the run of shop date `date`, a stop delivered (the
 * order's id, the shopper's code and the cash taken) and a stop not delivered (why). A problem
 * (DESIGN.md §19) is a {@link ProblemPayload}.
 */
export type OutboxKinds = {
  order: { payload: OrderInput };
  review: { payload: ReviewInput };
  packing: { payload: { orderId: string; packing: PackingInput } };
  runStart: { payload: { date: string } };
  delivered: { payload: { orderId: string; delivery: DeliveredInput } };
  deliveryAttempt: { payload: { orderId: string; attempt: AttemptInput } };
  problem: { payload: ProblemPayload };
};

/**
 * A problem reported on delivered order `orderId` (DESIGN.md §19): its lines, and the photo as the
 * page shrank it (bytes and type, kept in IndexedDB as an ArrayBuffer, which every browser's
 * IndexedDB stores) until it is uploaded; the sender then keeps the upload's `photoId` in its place,
 * so a retry of the claim sends the same body under its Idempotency-Key and never uploads twice.
 */
export type ProblemPayload = {
  orderId: string;
  lines: ProblemInput['lines'];
  photo?: { type: PhotoType; bytes: ArrayBuffer } | undefined;
  photoId?: string | undefined;
};
export type OutboxKind = keyof OutboxKinds;
export type OutboxPayload<K extends OutboxKind> = OutboxKinds[K]['payload'];

/**
 * How many days an item may wait before it is not sent any more: prices may have changed since.
 * The API keeps an Idempotency-Key as long (contract/outbox-answer.ts), so a retry finds its key.
 */
export const MAX_AGE_DAYS = QUEUED_WRITE_MAX_DAYS;

/**
 * The account a Firebase ID token names, as the device keys its data (auth-store.ts `account`):
 * the e-mail (lower case), else the `phone_number` of an account signed in with a phone number.
 * Whose items a token may send, and whose kept data a sign-out forgets. Not a verification (the
 * server verifies every token).
 * @returns it, or undefined when `token` is not a JWT with an e-mail or phone number.
 */
export function emailOfIdToken(token: string): string | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = JSON.parse(new TextDecoder().decode(fromBase64url(payload))) as {
      email?: unknown;
      phone_number?: unknown;
    };
    if (typeof json.email === 'string' && json.email) return json.email.toLowerCase();
    return typeof json.phone_number === 'string' && json.phone_number ? json.phone_number : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why an item is not sent (yet), as a code: lib/i18n/api-errors.ts says each in the language
 * shown, and the service worker, which writes them too, has no catalogue. `signIn`: no signed-in
 * user can send it; `busy`: the shop answered 429, 5xx or "still in flight"; `connection`: no
 * answer came; `tooOld`: it waited more than MAX_AGE_DAYS; `refused`: the server refused it (the
 * item's `httpStatus`, `code`, `details` and `message` say how).
 */
export type OutboxNote = 'signIn' | 'busy' | 'connection' | 'tooOld' | 'refused';

/** `waiting`: queued (maybe retrying); `sent`: the server answered 2xx; `failed`: refused, with a note. */
export type OutboxStatus = 'waiting' | 'sent' | 'failed';

/**
 * Why the server refused an item, when the shopper can act on it: the products it could not take,
 * each with the units it could have (`available`, counted stock; absent from older answers).
 */
export type OutboxRefusal = {
  code: typeof OUT_OF_STOCK;
  products: Array<{ _id: string; name: string; available?: number }>;
};

/** What an item says about why it is not sent: its note, and on a refused item how the server refused it. */
export type OutboxNoteFields = {
  note?: OutboxNote | undefined;
  /** On a refused item: the HTTP status of the refusal. */
  httpStatus?: number | undefined;
  /** On a refused item: the API's error code, when its answer had one. */
  code?: string | undefined;
  /**
   * On a refused item: the API's own words (English, for API users). The PWA shows them only for
   * a code it has no text for, or an answer without the details its text names.
   */
  message?: string | undefined;
  /** On a refused item: the API's details of the refusal (DESIGN.md §3), which its text names. */
  details?: unknown;
  /** On a refused item the shopper can act on: the products it was refused for (out of stock). */
  refusal?: OutboxRefusal | undefined;
};

/** What `submit` throws for a write the outbox will not send: the item's note fields (api-errors.ts says them). */
export class OutboxNoteError extends Error {
  override name = 'OutboxNoteError';
  constructor(readonly item: OutboxNoteFields) {
    super(`outbox: ${item.note ?? 'refused'}`);
  }
}

/**
 * What the outbox keeps of the server's 2xx answer: the new record's id and, for an order, whether
 * its delivery slot was moved (My Orders says so). Never the rest: an order's answer repeats the
 * shopper's phone and address.
 */
export type OutboxReceipt = { _id: string; deliverySlotChanged?: boolean | undefined };

/**
 * What a refused (or too old) item keeps of its request: what the shopper still sees and can put
 * back in the cart — an order's lines, a review as written, a packing as the admin entered it, a
 * problem's lines (not its photo's bytes). An order's phone, address, name and
 * e-mail go once the server has answered: nothing sends it again.
 */
export type KeptPayload<K extends OutboxKind> = K extends 'order'
  ? Pick<OrderInput, 'orderedProduct'>
  : K extends 'problem'
    ? Omit<ProblemPayload, 'photo'>
    : OutboxPayload<K>;

type ItemBase<K extends OutboxKind> = {
  seq?: number;
  /** Its Idempotency-Key, made once when the shopper pressed the button. */
  key: string;
  kind: K;
  /** The signed-in user's e-mail (lower case): items are sent, and shown, only for that user. */
  userEmail: string;
  /** When it was queued (ms since the epoch). */
  createdAt: number;
  attempts: number;
  /** Not before this time (ms since the epoch) — the retry backoff. */
  nextAttemptAt: number;
};

/** Waiting to be sent: the whole request, as the server is to get it. */
type WaitingOf<K extends OutboxKind> = ItemBase<K> & {
  status: 'waiting';
  payload: OutboxPayload<K>;
} & OutboxNoteFields;

/** Answered 2xx: only the receipt is left (the request and the rest of the answer are deleted). */
type SentOf<K extends OutboxKind> = ItemBase<K> & { status: 'sent'; result: OutboxReceipt };

/** Refused, or too old to send: why, and what the shopper still sees of it (KeptPayload). */
type FailedOf<K extends OutboxKind> = ItemBase<K> & {
  status: 'failed';
  payload: KeptPayload<K>;
} & OutboxNoteFields;

/** One queued write, typed by its kind and status. */
export type OutboxItem = { [K in OutboxKind]: WaitingOf<K> | SentOf<K> | FailedOf<K> }[OutboxKind];

/** An item still waiting, with its whole request. */
export type WaitingItem = Extract<OutboxItem, { status: 'waiting' }>;

/** An item not sent: waiting, or refused / too old (failed). */
export type UnsentItem = Exclude<OutboxItem, { status: 'sent' }>;

/** Whether `item` is not sent (yet): the items My Orders, Add Review and the header list. */
export const isUnsent = (item: OutboxItem): item is UnsentItem => item.status !== 'sent';

/** What the service worker posts to open pages after a Background Sync run: how many items it sent. */
export type OutboxRanMessage = { type: typeof OUTBOX_RAN_MESSAGE; sent: number };

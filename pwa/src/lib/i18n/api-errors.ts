/**
 * The API's refusals and the outbox's notes in the language shown (DESIGN.md §3, §9). The API
 * answers `{"error":{"code","message","details"?}}` with an English message, and the outbox keeps
 * English notes (it also runs in the service worker, which has no messages). English shows those
 * words as they are; Bangla says each known error code, and each note, in Bangla — naming the
 * products, order states or request id the answer details — and falls back to the server's words
 * for a code it does not know.
 */
import { orderStatuses, type OrderStatus } from '@contract/delivery';
import { formatNumber } from '../format';
import { BUSY_NOTE, CONNECTION_NOTE, REFUSED_NOTE, SIGN_IN_NOTE, TOO_OLD_NOTE } from '../offline/outbox/protocol';
import { currentLocale, t } from './i18n';
import { statusLabel } from './order-status';
import type { StoredProduct } from './product-name';

/** An API refusal as the client reads it (api-client.ts ApiRequestError): the code and details when the answer had them. */
export type ApiRefusal = { message: string; code?: string | undefined; details?: unknown; status?: number };

/** Names a product the server named (English) in the language shown; by default its English name. */
export type NameOf = (product: StoredProduct) => string;

const isStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);

/** The `{_id, name}` entries of `details.products` (out_of_stock). */
function detailedProducts(details: unknown): StoredProduct[] {
  const products = (details as { products?: unknown } | null | undefined)?.products;
  if (!Array.isArray(products)) return [];
  return products.flatMap((p: { _id?: unknown; name?: unknown } | null) =>
    typeof p?._id === 'string' && typeof p.name === 'string' ? [{ _id: p._id, name: p.name }] : [],
  );
}

/** The Bangla of each code the API answers with, from its message and details; undefined keeps the server's words. */
const byCode: Record<string, (refusal: ApiRefusal, nameOf: NameOf) => string | undefined> = {
  validation_failed: () => t('apiError.invalid'),
  idempotency_key_required: () => t('apiError.malformed'),
  idempotency_key_reused: () => t('apiError.keyReused'),
  idempotency_in_progress: () => t('apiError.inProgress'),
  malformed_request: () => t('apiError.malformed'),
  http_error: () => t('apiError.malformed'),
  payload_too_large: () => t('apiError.tooLarge'),
  not_found: () => t('apiError.notFound'),
  rate_limited: () => t('apiError.rateLimited'),
  database_unavailable: () => t('apiError.databaseUnavailable'),
  database_busy: () => t('apiError.busy'),
  internal: ({ message }) => {
    const request = /\(request ([^)]+)\)/.exec(message)?.[1];
    return request ? t('apiError.internal', { request }) : t('auth.error.other');
  },
  service_misconfigured: () => t('apiError.unavailable'),
  busy: () => t('apiError.busy'),
  auth_unavailable: () => t('apiError.authUnavailable'),
  payment_provider_error: () => t('apiError.paymentProvider'),
  payments_not_configured: () => t('apiError.paymentsNotConfigured'),
  out_of_stock: ({ details }, nameOf) => {
    const products = detailedProducts(details);
    return products.length > 0 ? t('orders.outOfStock', { names: products.map(nameOf).join(', ') }) : undefined;
  },
  one_review_each: () => t('apiError.reviewedAlready'),
  not_pending: ({ details }) => {
    const { current } = (details ?? {}) as { current?: unknown };
    return isStatus(current) ? t('apiError.notPending', { status: statusLabel(current) }) : undefined;
  },
  invalid_transition: ({ details }) => {
    const { current, next } = (details ?? {}) as { current?: unknown; next?: unknown };
    if (!isStatus(current)) return undefined;
    return isStatus(next)
      ? t('apiError.moveTo', { current: statusLabel(current), next: statusLabel(next) })
      : t('apiError.final', { current: statusLabel(current) });
  },
  already_paid: () => t('apiError.alreadyPaid'),
  forbidden: () => t('apiError.forbidden'),
  unauthenticated: () => t('apiError.signIn'),
  invalid_token: () => t('apiError.signInExpired'),
  unknown_product: () => t('apiError.unknownProduct'),
};

/** "The server answered 502." — what the outbox notes when an answer had no message. */
const SERVER_ANSWERED = /^The server answered (\d+)\.$/;

/** The outbox's own notes (protocol.ts), by their English. */
const notes: Record<string, () => string> = {
  [SIGN_IN_NOTE]: () => t('outbox.note.signIn'),
  [BUSY_NOTE]: () => t('outbox.note.busy'),
  [CONNECTION_NOTE]: () => t('outbox.note.connection'),
  [TOO_OLD_NOTE]: () => t('outbox.note.tooOld'),
  [REFUSED_NOTE]: () => t('outbox.note.refused'),
};

/** `refusal` in Bangla: one of the outbox's notes, else by its code, else a bare status line or answer, else undefined. */
function banglaRefusal(refusal: ApiRefusal, nameOf: NameOf): string | undefined {
  const note = Object.hasOwn(notes, refusal.message) ? notes[refusal.message] : undefined;
  if (note) return note();
  const known = refusal.code !== undefined && Object.hasOwn(byCode, refusal.code) ? byCode[refusal.code] : undefined;
  if (known) return known(refusal, nameOf);
  if (refusal.code !== undefined) return undefined;
  // No API error body (a proxy's 502, say): the message is the status line or the outbox's note of it.
  const status = SERVER_ANSWERED.exec(refusal.message)?.[1] ?? /^(\d{3})\b/.exec(refusal.message)?.[1];
  return status ? t('apiError.status', { status: formatNumber(Number(status), { useGrouping: false }) }) : undefined;
}

/**
 * What went wrong, for a toast or an alert, in the language shown: an API refusal (anything with
 * a `message` and maybe a `code`) as the server said it in English, in Bangla by its code; no
 * connection (fetch's TypeError) as auth's "No connection…" in Bangla; `fallback` for anything
 * without a message. `nameOf` names the products an out_of_stock answer lists.
 */
export function apiErrorText(error: unknown, fallback: string, nameOf: NameOf = (product) => product.name): string {
  const { message, code, details } =
    typeof error === 'object' && error !== null
      ? (error as { message?: unknown; code?: unknown; details?: unknown })
      : {};
  const text = typeof message === 'string' ? message : '';
  if (currentLocale() === 'en') return text || fallback;
  if (error instanceof TypeError) return t('auth.error.network');
  return (
    banglaRefusal({ message: text, code: typeof code === 'string' ? code : undefined, details }, nameOf) ??
    (text || fallback)
  );
}

/**
 * An outbox item's note (why it waits, or why it was refused) in the language shown: its own
 * English in English; in Bangla one of the outbox's notes, or the API's refusal by the `code`
 * the item keeps, or the note itself when neither is known.
 */
export function outboxNoteText(
  item: {
    note?: string | undefined;
    code?: string | undefined;
    refusal?: { code: string; products: StoredProduct[] } | undefined;
  },
  nameOf?: NameOf,
): string {
  const note = item.note ?? '';
  if (currentLocale() === 'en') return note;
  const code = item.code ?? item.refusal?.code;
  return (
    banglaRefusal(
      { message: note, code, details: item.refusal && { products: item.refusal.products } },
      nameOf ?? ((product) => product.name),
    ) ?? note
  );
}

/**
 * The API's refusals and the outbox's notes in the language shown (DESIGN.md §3, §9). The API
 * answers `{"error":{"code","message","details"?}}` with an English message for API users; the
 * shop says each code with its own catalogue text, in English and Bangla alike, naming the
 * products, order states or request id the answer details. The outbox keeps a note code
 * (offline/outbox/protocol.ts), said here too. The API's own words are shown only for a code
 * this build has no text for (a newer API), or an answer without the details its text names.
 */
import type { ApiErrorCode } from '@contract/errors';
import { orderStatuses, type OrderStatus } from '@contract/delivery';
import { packingProblems, type PackingProblem } from '@contract/packing-problems';
import { problemLineProblems, type ProblemInvalidDetails, type ProblemLineProblem } from '@contract/problem-lines';
import { detailedProducts } from '../api-error';
import { formatNumber, formatPrice } from '../format';
import { MAX_AGE_DAYS, OutboxNoteError, type OutboxNote, type OutboxNoteFields } from '../offline/outbox/protocol';
import { DELIVERY_AREA_NAMES_KEY } from '../storage-keys';
import { currentLocale, t } from './i18n';
import { statusLabel } from './order-status';
import type { StoredProduct } from './product-name';

/** An API refusal as the client reads it (api-client.ts ApiRequestError): the code, details and request id when the answer had them. */
export type ApiRefusal = {
  message: string;
  code?: string | undefined;
  details?: unknown;
  status?: number | undefined;
  requestId?: string | undefined;
};

/** Names a product the server named (English) in the language shown; by default its English name. */
export type NameOf = (product: StoredProduct) => string;

/**
 * The refused order's area (`details.areaId`) by its name in the language shown, as the areas
 * were last loaded on this device (DELIVERY_AREA_NAMES_KEY), else by its id; undefined when the
 * details name none.
 */
function refusedArea(details: unknown): string | undefined {
  const { areaId } = (details ?? {}) as { areaId?: unknown };
  if (typeof areaId !== 'string') return undefined;
  try {
    const names = JSON.parse(localStorage.getItem(DELIVERY_AREA_NAMES_KEY) ?? '{}') as Record<string, unknown>;
    const [name, nameBn] = Array.isArray(names[areaId]) ? (names[areaId] as unknown[]) : [];
    const named = (currentLocale() === 'bn' && nameBn) || name;
    return typeof named === 'string' && named ? named : areaId;
  } catch {
    return areaId; // no storage, or a copy that does not parse
  }
}

/**
 * The delivery fee in a `price_changed` refusal (`details.shipping`, DESIGN.md §16): today's fee
 * (Tk) as "delivery now 100 Tk", or its change `{quoted, price}` as "delivery 40 Tk → 100 Tk";
 * undefined when there is none or it is not so shaped.
 */
function shippingRose(shipping: unknown): string | undefined {
  if (typeof shipping === 'number') return t('orders.shippingNow', { price: formatPrice(shipping) });
  const { quoted, price } = (shipping ?? {}) as { quoted?: unknown; price?: unknown };
  return typeof quoted === 'number' && typeof price === 'number'
    ? t('orders.shippingRose', { quoted: formatPrice(quoted), price: formatPrice(price) })
    : undefined;
}

/** The lines of a 400 `problem_invalid`'s details (DESIGN.md §19) this build can name; others are left out. */
function problemInvalidLines(details: unknown): ProblemInvalidDetails['lines'] {
  const { lines } = (details ?? {}) as { lines?: unknown };
  return (Array.isArray(lines) ? (lines as Array<Record<string, unknown>>) : []).flatMap((line) =>
    typeof line._id === 'string' && (problemLineProblems as readonly unknown[]).includes(line.reason)
      ? [
          {
            _id: line._id,
            reason: line.reason as ProblemLineProblem,
            ...(typeof line.max === 'number' && { max: line.max }),
            ...(typeof line.name === 'string' && { name: line.name }),
          },
        ]
      : [],
  );
}

/** Why one reported line does not fit its order, naming it `name`. */
function problemLineText(line: ProblemInvalidDetails['lines'][number], name: string): string {
  if (line.reason === 'not_in_order') return t('problem.error.notInOrder', { name });
  if (line.reason === 'already_claimed') return t('problem.error.alreadyClaimed', { name });
  return t('problem.error.moreThanDelivered', { name, max: formatNumber(line.max ?? 0) });
}

/**
 * Why one line of a packing does not fit its order (400 `packing_invalid`, DESIGN.md §17), naming
 * the product `name` and, for grams out of range, the allowed range ("950–1,050 g"): the packing
 * screen says it under the line, a refused queued packing lists every line's.
 */
export function packingProblemText(
  reason: PackingProblem,
  name: string,
  range?: { min?: number; max?: number },
): string {
  const texts: Record<PackingProblem, () => string> = {
    not_in_order: () => t('packing.problem.notInOrder', { name }),
    duplicate: () => t('packing.problem.duplicate', { name }),
    missing: () => t('packing.problem.missing', { name }),
    grams_required: () => t('packing.problem.gramsRequired', { name }),
    grams_out_of_range: () =>
      range?.min !== undefined && range.max !== undefined
        ? t('packing.problem.gramsOutOfRange', { name, min: formatNumber(range.min), max: formatNumber(range.max) })
        : t('packing.problem.gramsOutOfTolerance', { name }),
    grams_not_weighed: () => t('packing.problem.gramsNotWeighed', { name }),
    substitute_not_allowed: () => t('packing.problem.substituteNotAllowed', { name }),
    substitute_unknown: () => t('packing.problem.substituteUnknown', { name }),
    substitute_quantity_required: () => t('packing.problem.substituteQuantityRequired', { name }),
  };
  return texts[reason]();
}

/** The lines of a `packing_invalid` answer's details that are so shaped (contract/order.ts PackingInvalidDetails). */
export function packingInvalidLines(
  details: unknown,
): Array<{ _id: string; reason: PackingProblem; min?: number; max?: number; name?: string }> {
  const { lines } = (details ?? {}) as { lines?: unknown };
  return (Array.isArray(lines) ? (lines as Array<Record<string, unknown>>) : []).flatMap((line) =>
    typeof line._id === 'string' && (packingProblems as readonly unknown[]).includes(line.reason)
      ? [
          {
            _id: line._id,
            reason: line.reason as PackingProblem,
            ...(typeof line.min === 'number' && { min: line.min }),
            ...(typeof line.max === 'number' && { max: line.max }),
            ...(typeof line.name === 'string' && { name: line.name }),
          },
        ]
      : [],
  );
}

const isStatus = (value: unknown): value is OrderStatus =>
  typeof value === 'string' && (orderStatuses as readonly string[]).includes(value);

/**
 * The text of each code the API answers with (contract/errors.ts), from the answer's details and
 * request id; undefined when the details its text names are missing. A Record over every code: a
 * new code without a text here fails the typecheck.
 */
/** A short product as a refusal names it: "Beans (only 3 left)", digits in the language shown. */
export const fewLeftText = (name: string, available: number): string =>
  t('orders.fewLeft', { name, available: formatNumber(available) });

const byCode: Record<ApiErrorCode, (refusal: ApiRefusal, nameOf: NameOf) => string | undefined> = {
  validation_failed: () => t('apiError.invalid'),
  malformed_request: () => t('apiError.malformed'),
  payload_too_large: () => t('apiError.tooLarge'),
  http_error: () => t('apiError.malformed'),
  idempotency_key_required: () => t('apiError.malformed'),
  idempotency_key_reused: () => t('apiError.keyReused'),
  // Only Stripe's webhook is signed: a request the shop cannot read.
  invalid_signature: () => t('apiError.malformed'),
  unauthenticated: () => t('apiError.signIn'),
  invalid_token: () => t('apiError.signInExpired'),
  forbidden: () => t('apiError.forbidden'),
  not_found: () => t('apiError.notFound'),
  payments_not_configured: () => t('apiError.paymentsNotConfigured'),
  push_not_configured: () => t('apiError.pushNotConfigured'),
  push_endpoint_taken: () => t('apiError.pushEndpointTaken'),
  out_of_stock: ({ details }, nameOf) => {
    const products = detailedProducts(details);
    const names = products.map((p) => (p.available ? fewLeftText(nameOf(p), p.available) : nameOf(p)));
    return products.length > 0 ? t('orders.outOfStock', { names: names.join(', ') }) : undefined;
  },
  price_changed: ({ details }, nameOf) => {
    const { quotedTotal, totalAmount, lines, shipping } = (details ?? {}) as {
      quotedTotal?: unknown;
      totalAmount?: unknown;
      lines?: unknown;
      shipping?: unknown;
    };
    if (typeof quotedTotal !== 'number' || typeof totalAmount !== 'number') return undefined;
    const rose = (Array.isArray(lines) ? lines : []).flatMap(
      (line: Partial<StoredProduct> & Record<string, unknown>) =>
        typeof line._id === 'string' &&
        typeof line.name === 'string' &&
        typeof line.quoted === 'number' &&
        typeof line.price === 'number'
          ? [
              t('orders.priceRose', {
                name: nameOf({ _id: line._id, name: line.name }),
                quoted: formatPrice(line.quoted),
                price: formatPrice(line.price),
              }),
            ]
          : [],
    );
    // The delivery fee that rose (the area's), named with the lines (DESIGN.md §16).
    const fee = shippingRose(shipping);
    if (fee) rose.push(fee);
    const total = { quoted: formatPrice(quotedTotal), total: formatPrice(totalAmount) };
    return rose.length > 0
      ? t('apiError.priceChanged', { ...total, changes: rose.join(', ') })
      : t('apiError.totalChanged', total);
  },
  slot_full: () => t('apiError.slotFull'),
  area_not_served: ({ details }) => {
    const area = refusedArea(details);
    return area === undefined ? undefined : t('apiError.areaNotServed', { area });
  },
  below_minimum: ({ details }) => {
    const area = refusedArea(details);
    const { minimumOrder, cartTotal } = (details ?? {}) as { minimumOrder?: unknown; cartTotal?: unknown };
    if (area === undefined || typeof minimumOrder !== 'number' || typeof cartTotal !== 'number') return undefined;
    return t('apiError.belowMinimum', {
      area,
      minimum: formatPrice(minimumOrder),
      total: formatPrice(cartTotal),
      short: formatPrice(Math.max(0, minimumOrder - cartTotal)),
    });
  },
  one_review_each: () => t('apiError.reviewedAlready'),
  not_pending: ({ details }) => {
    const { current } = (details ?? {}) as { current?: unknown };
    return isStatus(current) ? t('apiError.notPending', { status: statusLabel(current) }) : undefined;
  },
  invalid_transition: ({ details }) => {
    const { current, next, paymentStatus } = (details ?? {}) as {
      current?: unknown;
      next?: unknown;
      paymentStatus?: unknown;
    };
    if (paymentStatus === 'disputed') return t('apiError.disputed');
    if (!isStatus(current)) return undefined;
    return isStatus(next)
      ? t('apiError.moveTo', { current: statusLabel(current), next: statusLabel(next) })
      : t('apiError.final', { current: statusLabel(current) });
  },
  // Each line that does not fit, named by `nameOf` (the packing screen's names the order's lines).
  packing_invalid: ({ details }, nameOf) => {
    const lines = packingInvalidLines(details);
    return lines.length > 0
      ? t('apiError.packingInvalid', {
          problems: lines
            .map((line) =>
              packingProblemText(line.reason, nameOf({ _id: line._id, name: line.name ?? line._id }), line),
            )
            .join('; '),
        })
      : undefined;
  },
  already_packed: () => t('apiError.alreadyPacked'),
  // The rider's page (DESIGN.md §18): a wrong code with the tries left, a locked code, another rider's stop.
  wrong_delivery_code: ({ details }) => {
    const { attemptsLeft } = (details ?? {}) as { attemptsLeft?: unknown };
    return typeof attemptsLeft === 'number'
      ? t('rider.run.error.wrongCode', { left: attemptsLeft })
      : t('rider.run.error.wrongCodeAgain');
  },
  delivery_code_locked: () => t('rider.run.error.locked'),
  not_your_stop: () => t('rider.run.error.notYourStop'),
  // The admin's assigning (DESIGN.md §18): an order that moved on meanwhile, a rider since removed.
  not_assignable: () => t('assign.notAssignable'),
  not_a_rider: () => t('assign.notARider'),
  // After delivery (DESIGN.md §19).
  not_delivered: () => t('problem.error.notDelivered'),
  too_late: () => t('problem.error.tooLate'),
  problem_invalid: ({ details }, nameOf) => {
    const lines = problemInvalidLines(details);
    return lines.length > 0
      ? t('problem.error.invalid', {
          problems: lines
            .map((line) => problemLineText(line, nameOf({ _id: line._id, name: line.name ?? line._id })))
            .join('; '),
        })
      : undefined;
  },
  unsupported_photo: () => t('problem.error.unsupportedPhoto'),
  already_decided: () => t('problem.error.alreadyDecided'),
  not_prepaid: () => t('problem.error.notPrepaid'),
  already_paid: () => t('apiError.alreadyPaid'),
  rate_limited: () => t('apiError.rateLimited'),
  too_many_reviews: ({ details }) => {
    const { limit } = (details ?? {}) as { limit?: unknown };
    return typeof limit === 'number' ? t('apiError.tooManyReviews', { limit }) : undefined;
  },
  too_many_open_orders: ({ details }) => {
    const { limit } = (details ?? {}) as { limit?: unknown };
    return typeof limit === 'number' ? t('apiError.tooManyOpenOrders', { limit }) : undefined;
  },
  verify_to_order_more: () => t('apiError.verifyToOrderMore'),
  too_many_units: ({ details }, nameOf) => {
    const { max } = (details ?? {}) as { max?: unknown };
    const names = detailedProducts(details).map((p) =>
      t('orders.mayAdd', { name: nameOf(p), mayAdd: formatNumber(p.mayAdd ?? 0) }),
    );
    return typeof max === 'number' && names.length > 0
      ? t('apiError.tooManyUnits', { max, names: names.join(', ') })
      : undefined;
  },
  stock_below_zero: ({ details }) => {
    const { stock } = (details ?? {}) as { stock?: unknown };
    // A product not counted (null) has none to take away.
    return stock === null || typeof stock === 'number'
      ? t('apiError.stockBelowZero', { stock: stock ?? 0 })
      : undefined;
  },
  busy: ({ details }) =>
    (details as { operation?: unknown } | null | undefined)?.operation === 'refund'
      ? t('apiError.refundUnderWay')
      : t('apiError.busy'),
  database_unavailable: () => t('apiError.databaseUnavailable'),
  database_busy: () => t('apiError.busy'),
  auth_unavailable: () => t('apiError.authUnavailable'),
  payment_provider_error: ({ details }) => {
    const { operation, bkashCode } = (details ?? {}) as { operation?: unknown; bkashCode?: unknown };
    if (operation === 'refund') return t('apiError.refundFailed');
    // bKash refused to start the payment (its statusCode in bkashCode): not the card's text.
    return bkashCode === undefined ? t('apiError.paymentProvider') : t('apiError.bkashProvider');
  },
  not_bkash_order: () => t('apiError.notBkashOrder'),
  payment_provider_unavailable: () => t('apiError.paymentProviderUnavailable'),
  service_misconfigured: () => t('apiError.unavailable'),
  // The request id (X-Request-Id) lets support find the request in the API's log.
  internal: ({ requestId }) => (requestId ? t('apiError.internal', { request: requestId }) : t('auth.error.other')),
};

/**
 * `refusal` in the language shown: its code's text; else (a code without a text, or without the
 * details its text names) the API's own words; else, for an answer without an API error body, the
 * status it had; else undefined.
 */
function refusalText(refusal: ApiRefusal, nameOf: NameOf): string | undefined {
  const { code, message, status } = refusal;
  if (code !== undefined) {
    const text = Object.hasOwn(byCode, code) ? byCode[code as ApiErrorCode](refusal, nameOf) : undefined;
    if (text !== undefined || message) return text ?? message;
  }
  return status ? t('apiError.status', { status: formatNumber(status, { useGrouping: false }) }) : undefined;
}

/** The text of each of the outbox's notes (protocol.ts OutboxNote); a refused item's says how it was refused. */
const byNote: Record<OutboxNote, (item: OutboxNoteFields, nameOf: NameOf) => string> = {
  signIn: () => t('outbox.note.signIn'),
  busy: () => t('outbox.note.busy'),
  connection: () => t('outbox.note.connection'),
  tooOld: () => t('outbox.note.tooOld', { days: MAX_AGE_DAYS }),
  refused: (item, nameOf) =>
    refusalText(
      {
        message: item.message ?? '',
        code: item.code,
        details: item.details,
        status: item.httpStatus,
      },
      nameOf,
    ) ?? t('outbox.note.refused'),
};

/**
 * An outbox item's note (why it waits, or why it was refused) in the language shown, naming the
 * products a refusal lists with `nameOf`; '' for an item without a note.
 */
export function outboxNoteText(item: OutboxNoteFields, nameOf: NameOf = (product) => product.name): string {
  return item.note === undefined ? '' : byNote[item.note](item, nameOf);
}

/**
 * What went wrong, for a toast or an alert, in the language shown: an outbox note (submit's
 * OutboxNoteError); an API refusal (anything with a `code`, `details`, `status` or `requestId`)
 * by its code; no connection (fetch's TypeError) as auth's "No connection…"; `fallback` for
 * anything else. `nameOf` names the products an out_of_stock answer lists.
 */
export function apiErrorText(error: unknown, fallback: string, nameOf: NameOf = (product) => product.name): string {
  if (error instanceof OutboxNoteError) return outboxNoteText(error.item, nameOf);
  if (error instanceof TypeError) return t('auth.error.network');
  if (typeof error !== 'object' || error === null) return fallback;
  const { message, code, details, status, requestId } = error as Record<string, unknown>;
  return (
    refusalText(
      {
        message: typeof message === 'string' ? message : '',
        code: typeof code === 'string' ? code : undefined,
        details,
        status: typeof status === 'number' ? status : undefined,
        requestId: typeof requestId === 'string' ? requestId : undefined,
      },
      nameOf,
    ) ?? fallback
  );
}

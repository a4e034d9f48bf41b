/**
 * bKash for the shopper (DESIGN.md §10), shared by checkout and My Orders: which ways to pay the
 * shop offers now (kept for an offline checkout), starting a bKash payment for an order (the
 * browser goes to bKash's page), switching an unpaid bKash order to cash on delivery, how a
 * payment ended as My Orders' URL says it, and bKash's refusal codes in the language shown.
 * Loaded by the checkout and dashboard routes only, never by the shop's first load.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '@contract/order';
import { api, readResponse } from './api-client';
import { t } from './i18n/i18n';
import { paymentKeys } from './query-keys';
import { PAYMENT_METHODS_KEY } from './storage-keys';

/** The ways to pay this build knows, as the API lists them. */
type Methods = readonly PaymentMethod[];

/** The last `GET /api/payments/methods` answer this browser kept, or undefined when none is. */
function keptMethods(): Methods | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(PAYMENT_METHODS_KEY) ?? 'null') as unknown;
    return Array.isArray(kept) && kept.every((m) => typeof m === 'string') ? (kept as PaymentMethod[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The query options of the ways to pay (`GET /api/payments/methods` → `{methods}`): `cod` always,
 * `card` and `bkash` when the server has them configured. Each answer is kept in localStorage and
 * is the query's first data, so a checkout opened offline still offers bKash. Fails with
 * ApiRequestError (non-2xx) or TypeError (network).
 */
const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.methods,
    queryFn: async (): Promise<Methods> => {
      const { methods } = await readResponse(api.payments.methods.$get());
      localStorage.setItem(PAYMENT_METHODS_KEY, JSON.stringify(methods));
      return methods;
    },
    initialData: keptMethods,
    // The kept answer is shown at once and checked again whenever checkout opens online.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });

/** Whether the shop offers bKash now (false until it is known, e.g. on a first visit offline). */
export function useBkashOffered(): boolean {
  const { data } = useQuery(paymentMethodsQueryOptions());
  return data?.includes('bkash') ?? false;
}

/**
 * Starts paying order `orderId` with bKash (`POST /api/payments/bkash` → `{bkashURL}`) and sends
 * the browser to bKash's page; bKash brings it back to the callback, which redirects to My Orders.
 * @throws ApiRequestError (404 payments_not_configured or not_found, 409 already_paid or
 * not_bkash_order, 503 payment_provider_unavailable, 502 payment_provider_error) or TypeError (offline).
 */
export async function payWithBkash(orderId: string): Promise<void> {
  const { bkashURL } = await readResponse(api.payments.bkash.$post({ json: { orderId } }));
  window.location.assign(bkashURL);
}

/**
 * Switches unpaid bKash order `orderId` to cash on delivery
 * (`PUT /api/orders/:id/payment-method` `{paymentMethod: 'cod'}`); resolves with the order as stored.
 * @throws ApiRequestError (409 already_paid, not_pending or not_bkash_order; 404) or TypeError (offline).
 */
export const payOnDeliveryInstead = (orderId: string) =>
  readResponse(api.orders[':id']['payment-method'].$put({ param: { id: orderId }, json: { paymentMethod: 'cod' } }));

/**
 * bKash's tokenized checkout `statusCode`s the shopper can act on, each with its text in our
 * catalogues (locales/en.json and bn.json, `bkash.code.*`): 2023 insufficient balance, 2056
 * invalid payment state (the payment expired or was used), 2062 already completed, 2117 execute
 * already called before. Only these codes are ever read from a URL or said.
 */
const BKASH_CODE_TEXT = {
  '2023': () => t('bkash.code.insufficientBalance'),
  '2056': () => t('bkash.code.invalidState'),
  '2062': () => t('bkash.code.alreadyCompleted'),
  '2117': () => t('bkash.code.alreadyExecuted'),
} satisfies Record<string, () => string>;

/** A bKash `statusCode` that has its own text (BKASH_CODE_TEXT). */
export type KnownBkashCode = keyof typeof BKASH_CODE_TEXT;

const isKnownCode = (code: string | null | undefined): code is KnownBkashCode =>
  typeof code === 'string' && Object.hasOwn(BKASH_CODE_TEXT, code);

/**
 * How a bKash payment ended, as the callback's redirect to My Orders says it; `offline`: the
 * return was kept offline. `code` is only ever one of the codes we have a text for.
 */
export type BkashReturn = {
  orderId?: string;
  outcome: 'paid' | 'failed' | 'cancelled' | 'pending' | 'offline';
  code?: KnownBkashCode;
};

const outcomes = ['paid', 'failed', 'cancelled', 'pending', 'offline'] as const;

/**
 * Reads My Orders' `?order=&bkash=&bkashCode=`; undefined when the URL says nothing about bKash.
 * Anyone can write such a URL, so a `bkashCode` we have no text for is dropped here: the page
 * never holds, let alone shows, words that came from the address bar.
 */
export function readBkashReturn(params: URLSearchParams): BkashReturn | undefined {
  const outcome = outcomes.find((o) => o === params.get('bkash'));
  if (!outcome) return undefined;
  const orderId = params.get('order') ?? undefined;
  const code = params.get('bkashCode');
  return { outcome, ...(orderId ? { orderId } : {}), ...(isKnownCode(code) ? { code } : {}) };
}

/**
 * Why bKash refused a payment, in the language shown: the catalogue's text for a known `statusCode`
 * (BKASH_CODE_TEXT); for any other value, or none, the general "try again, or pay on delivery".
 * The text is always ours: no part of `code` is put into it.
 */
export function bkashCodeText(code: string | undefined): string {
  return isKnownCode(code) ? BKASH_CODE_TEXT[code]() : t('bkash.code.none');
}

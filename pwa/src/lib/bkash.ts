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
export const paymentMethodsQueryOptions = () =>
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

/** How a bKash payment ended, as the callback's redirect to My Orders says it; `offline`: the return was kept offline. */
export type BkashReturn = {
  orderId?: string;
  outcome: 'paid' | 'failed' | 'cancelled' | 'pending' | 'offline';
  code?: string;
};

const outcomes = ['paid', 'failed', 'cancelled', 'pending', 'offline'] as const;

/** Reads My Orders' `?order=&bkash=&bkashCode=`; undefined when the URL says nothing about bKash. */
export function readBkashReturn(params: URLSearchParams): BkashReturn | undefined {
  const outcome = outcomes.find((o) => o === params.get('bkash'));
  if (!outcome) return undefined;
  const orderId = params.get('order') ?? undefined;
  const code = params.get('bkashCode') ?? undefined;
  return { outcome, ...(orderId ? { orderId } : {}), ...(code ? { code } : {}) };
}

/**
 * Why bKash refused a payment, in the language shown, from bKash's `statusCode` (bKash's
 * tokenized checkout error codes): 2023 insufficient balance, 2056 invalid payment state (the
 * payment expired or was used), 2062 already completed, 2117 execute already called before; any
 * other code, or none, a general text naming the code.
 */
export function bkashCodeText(code: string | undefined): string {
  switch (code) {
    case '2023':
      return t('bkash.code.insufficientBalance');
    case '2056':
      return t('bkash.code.invalidState');
    case '2062':
      return t('bkash.code.alreadyCompleted');
    case '2117':
      return t('bkash.code.alreadyExecuted');
    case undefined:
      return t('bkash.code.none');
    default:
      return t('bkash.code.other', { code });
  }
}

/**
 * bKash's return to My Orders (DESIGN.md §10): how a payment just ended, from the URL the
 * callback redirected to (`?order=&bkash=&bkashCode=`), and the delivery of a return the service
 * worker kept offline (lib/offline/bkash-return.ts): the page asks the worker to deliver it when
 * the connection returns (and when My Orders opens online); once the worker says how the payment
 * ended, the URL says so and the orders are fetched again.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readBkashReturn, type BkashReturn } from '../../lib/bkash';
import type { BkashSettledMessage } from '../../lib/offline/bkash-return';
import { orderKeys } from '../../lib/query-keys';
import { invalidateAfterRunning } from '../../lib/refetch-now';
import { BKASH_DELIVER_MESSAGE, BKASH_SETTLED_MESSAGE } from '../../lib/storage-keys';

/** How often My Orders asks the worker to deliver a kept return while one waits. */
const KEPT_RETURN_ASK_MS = 4_000;

/** Asks the service worker controlling the page to deliver the bKash returns it keeps. */
const askToDeliver = () => navigator.serviceWorker?.controller?.postMessage({ type: BKASH_DELIVER_MESSAGE });

/**
 * How the URL says a bKash payment ended (undefined when it says nothing); follows the delivery
 * of a kept return, replacing the URL's `bkash=offline` with the outcome once it is known.
 */
export function useBkashReturn(): BkashReturn | undefined {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const bkashReturn = readBkashReturn(params);
  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent<BkashSettledMessage | null>) => {
      const settled = event.data;
      if (settled?.type !== BKASH_SETTLED_MESSAGE) return;
      // How the kept payment ended, as the callback's redirect would have said; or, nothing
      // being kept any more, the "back online" note goes.
      setParams(
        (current) => {
          const next = new URLSearchParams();
          if (!settled.orderId || !settled.outcome) return current.get('bkash') === 'offline' ? next : current;
          next.set('order', settled.orderId);
          next.set('bkash', settled.outcome);
          if (settled.bkashCode) next.set('bkashCode', settled.bkashCode);
          return next;
        },
        { replace: true },
      );
      void invalidateAfterRunning(client, orderKeys.all);
    };
    worker.addEventListener('message', onMessage);
    window.addEventListener('online', askToDeliver);
    if (navigator.onLine) askToDeliver();
    return () => {
      worker.removeEventListener('message', onMessage);
      window.removeEventListener('online', askToDeliver);
    };
  }, [client, setParams]);
  // While a kept return waits, ask again every few seconds: the page may be back online before
  // the worker's own connection is, and then the first ask finds the network still gone.
  const waiting = bkashReturn?.outcome === 'offline';
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (navigator.onLine) askToDeliver();
    }, KEPT_RETURN_ASK_MS);
    return () => clearInterval(timer);
  }, [waiting]);
  return bkashReturn;
}

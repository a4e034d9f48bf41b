import type { Order } from '@contract/order';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BkashMark } from '../../../components/bkash-mark';
import { bkashCodeText, payOnDeliveryInstead, payWithBkash, type BkashReturn } from '../../../lib/bkash';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { orderKeys } from '../../../lib/query-keys';
import { invalidateAfterRunning } from '../../../lib/refetch-now';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';

/** The panel: the page's own colours (readable in any state); its state is told by the words and the left border's colour. */
const box = 'rounded-box border-s-4 bg-base-200 p-3';

/** How often an order whose bKash payment is being confirmed is asked for again, and for how long. */
const CONFIRM_POLL_MS = 3_000;
const CONFIRM_POLL_FOR_MS = 2 * 60_000;

/**
 * A bKash order's payment in My Orders (DESIGN.md §10): "Paid with bKash" with bKash's
 * transaction id once paid; while unpaid (and not cancelled) how the last attempt ended when the
 * shopper just came back from bKash (`returned`: failed with bKash's reason, cancelled, or being
 * confirmed — then the order is asked for again until it is settled), with **Pay with bKash**
 * (bKash's page again) and **Pay on delivery instead** (the order becomes cash on delivery).
 */
export function BkashPayment({ order, returned }: { order: Order; returned?: BkashReturn | undefined }) {
  const t = useT();
  const online = useOnline();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const paid = order.paymentStatus === 'paid';
  // Back from bKash with "paid" before the list has caught up counts as being confirmed too.
  const confirming = !paid && (returned?.outcome === 'pending' || returned?.outcome === 'paid');
  useEffect(() => {
    if (!confirming || !online) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > CONFIRM_POLL_FOR_MS) clearInterval(timer);
      else void invalidateAfterRunning(client, orderKeys.all);
    }, CONFIRM_POLL_MS);
    return () => clearInterval(timer);
  }, [confirming, online, client]);

  if (order.paymentStatus !== 'unpaid' && !paid) return null; // refunded or disputed: the badge says it
  if (paid)
    return (
      <div className={`${box} border-success`} role={returned ? 'status' : undefined} data-testid="bkash-payment">
        <p className="font-semibold">
          <BkashMark /> {t('bkash.paid')}
        </p>
        {order.paymentRef && (
          <p className="mt-1 font-mono text-sm break-all">{t('bkash.trxID', { trxID: order.paymentRef })}</p>
        )}
      </div>
    );
  if (order.orderStatus === 'Cancelled') return null;

  const act = (action: () => Promise<unknown>, done?: () => void) => {
    setBusy(true);
    void action()
      .then(done, (error: unknown) => notify('order', 'error', apiErrorText(error, t('bkash.notStarted'))))
      .finally(() => setBusy(false));
  };
  const note =
    returned?.outcome === 'failed'
      ? { tone: 'border-error', text: t('bkash.failed', { reason: bkashCodeText(returned.code) }) }
      : returned?.outcome === 'cancelled'
        ? { tone: 'border-warning', text: t('bkash.cancelled') }
        : confirming
          ? { tone: 'border-info', text: t('bkash.pending') }
          : { tone: 'border-base-300', text: t('bkash.unpaid') };
  return (
    <div className={`${box} ${note.tone}`} role={returned ? 'status' : undefined} data-testid="bkash-payment">
      <p>
        <BkashMark /> {note.text}
      </p>
      {!confirming && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-primary min-h-11"
            disabled={!online || busy}
            title={online ? undefined : t('bkash.needsConnection')}
            onClick={() => act(() => payWithBkash(order._id))}
          >
            {t('bkash.pay')}
          </button>
          {order.orderStatus === 'Pending' && (
            <button
              type="button"
              className="btn btn-outline min-h-11"
              disabled={!online || busy}
              onClick={() =>
                act(
                  () => payOnDeliveryInstead(order._id),
                  () => {
                    notify('order', 'success', t('bkash.switchedToCod'));
                    void invalidateAfterRunning(client, orderKeys.all);
                  },
                )
              }
            >
              {t('bkash.payOnDelivery')}
            </button>
          )}
          {!online && <p className="w-full text-sm">{t('bkash.needsConnection')}</p>}
        </div>
      )}
    </div>
  );
}

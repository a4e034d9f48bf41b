import { useState } from 'react';
import type { AttemptReason, RunStop as Stop } from '@contract/rider';
import { apiErrorText, outboxNoteText } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { statusBadgeClass, statusLabel } from '../../../lib/i18n/order-status';
import { OutboxNoteError } from '../../../lib/offline/outbox/protocol';
import type { SubmitOutcome } from '../../../lib/offline/outbox/submit';
import { dismiss } from '../../../lib/offline/outbox/store';
import type { RunAction, StopItems } from '../api/run-actions';
import { stopMoney } from '../run-money';
import { attemptReasonText, localDigits, moneyText, phoneText, telHref } from '../run-text';
import { AttemptForm } from './attempt-form';
import { DeliverForm } from './deliver-form';

type RunStopProps = {
  stop: Stop;
  /** The stop's delivery area by name in the language shown ('' when it has none). */
  area: string;
  /** What the outbox holds of this stop (waiting, refused, or sent today). */
  items: StopItems;
  /** Whether the rider has set out (sent or still waiting): a Packed stop is then on its way too. */
  setOut: boolean;
  /** Sends one action of the run through the outbox (useRunAction's mutateAsync). */
  send: (request: { action: RunAction; key: string; replaces?: string | undefined }) => Promise<SubmitOutcome>;
};

/**
 * One stop of the run (DESIGN.md §18), text only: its number, the shopper's name, address and
 * area, **Call** (`tel:`), the money to collect and the change to bring, the shopper's note, and
 * **Delivered** / **Couldn't deliver**. What waits in the outbox is said on the stop, and a
 * delivery the server refused (a wrong or locked code) is said under the code, asked again.
 */
export function RunStopCard({ stop, area, items, setOut, send }: RunStopProps) {
  const t = useT();
  const [open, setOpen] = useState<'deliver' | 'attempt'>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const { delivered, attempt } = items;
  const refused = delivered?.status === 'failed' ? delivered : undefined;
  // A locked code (429) is final until an admin marks the stop: the rider can only dismiss it.
  const locked = refused?.code === 'delivery_code_locked' ? refused : undefined;
  const done = stop.orderStatus === 'Delivered' || delivered?.status === 'sent';
  const deliveredWaiting = delivered?.status === 'waiting';
  const notOut = stop.orderStatus === 'Packed' || stop.orderStatus === 'Approved';
  const onTheWay = stop.orderStatus === 'Out for delivery' || (notOut && setOut);
  // While an action is being sent its item is briefly waiting: the form stays until the answer.
  const canAct = !done && (!deliveredWaiting || busy) && onTheWay;
  const refusedText = refused ? outboxNoteText(refused) : undefined;

  /** Queues `action` under a new Idempotency-Key; closes the form unless the server refused it. */
  const act = async (action: RunAction, replaces?: string) => {
    const key = crypto.randomUUID();
    setBusy(true);
    setError(undefined);
    try {
      await send({ action, key, replaces });
      setOpen(undefined);
    } catch (cause) {
      // Said here, on the stop: the refused item need not stay in the outbox as well.
      if (cause instanceof OutboxNoteError) await dismiss(key);
      setError(apiErrorText(cause, t('rider.run.notSent')));
    } finally {
      setBusy(false);
    }
  };

  const badge = done
    ? { text: statusLabel('Delivered'), className: statusBadgeClass.Delivered }
    : deliveredWaiting && !busy
      ? { text: t('rider.run.deliveredWaiting'), className: 'badge-warning' }
      : onTheWay && notOut
        ? { text: t('rider.run.outWaiting'), className: 'badge-warning' }
        : { text: statusLabel(stop.orderStatus), className: statusBadgeClass[stop.orderStatus] };

  return (
    <li
      className={`card border border-base-300 bg-base-100 ${done ? 'opacity-70' : ''}`}
      data-testid="run-stop"
      aria-labelledby={`stop-${stop._id}`}
    >
      <div className="card-body gap-2 p-4">
        <div className="flex items-start gap-3">
          <span
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-neutral text-lg font-bold text-neutral-content"
            aria-hidden="true"
          >
            {localDigits(String(stop.stop))}
          </span>
          <div className="min-w-0 flex-1">
            <h2 id={`stop-${stop._id}`} className="text-lg leading-tight font-bold break-words">
              <span className="sr-only">{t('rider.run.stop', { stop: localDigits(String(stop.stop)) })} </span>
              {stop.customerName}
            </h2>
            <span className={`badge mt-1 h-auto ${badge.className}`} data-testid="stop-status">
              {badge.text}
            </span>
          </div>
        </div>
        <p className="break-words" data-testid="stop-address">
          {stop.address}
          {/* The stored address ends with its area's English name: said again only when it is not there. */}
          {area && !stop.address.includes(area) && (
            <>
              <br />
              <span className="font-semibold">{area}</span>
            </>
          )}
        </p>
        {stop.phone && !done && (
          <a href={telHref(stop.phone)} className="btn btn-outline min-h-11 justify-start" data-testid="stop-call">
            {t('rider.run.call', { phone: phoneText(stop.phone) })}
          </a>
        )}
        {!done && (
          <p className="font-semibold" data-testid="stop-money">
            {moneyText(stopMoney(stop))}
          </p>
        )}
        {stop.note && !done && (
          <p className="rounded-box bg-base-200 px-3 py-2" data-testid="stop-note">
            {t('rider.run.note', { note: stop.note })}
          </p>
        )}
        {deliveredWaiting && !busy && (
          <p className="alert alert-warning py-2" role="status" data-testid="stop-waiting">
            {t('rider.run.deliveredWaitingNote')}
          </p>
        )}
        {attempt && !done && !deliveredWaiting && (
          <p
            className={`alert py-2 ${attempt.status === 'failed' ? 'alert-error' : 'alert-info'}`}
            role="status"
            data-testid={attempt.status === 'waiting' ? 'stop-waiting' : 'stop-attempt'}
          >
            {attempt.status === 'waiting'
              ? t('rider.run.attemptWaiting', { reason: attemptReasonText(attempt.payload.attempt.reason) })
              : attempt.status === 'sent'
                ? t('rider.run.attemptSaved')
                : t('rider.run.attemptRefused', { reason: outboxNoteText(attempt) })}
          </p>
        )}
        {refused && !done && open !== 'deliver' && (
          <div className="alert alert-error py-2" role="alert" data-testid="stop-refused">
            <span>{t('rider.run.deliveredRefused', { reason: refusedText ?? '' })}</span>
            {locked && (
              <button type="button" className="btn btn-sm min-h-11" onClick={() => void dismiss(locked.key)}>
                {t('rider.run.dismiss')}
              </button>
            )}
          </div>
        )}
        {!onTheWay && !done && notOut && <p className="text-sm text-base-content/80">{t('rider.run.setOutFirst')}</p>}
        {canAct && open === 'deliver' && (
          <DeliverForm
            amountToCollect={stop.amountToCollect}
            error={error ?? refusedText}
            busy={busy}
            onCancel={() => setOpen(undefined)}
            onDeliver={(delivery) =>
              void act({ kind: 'delivered', payload: { orderId: stop._id, delivery } }, refused?.key)
            }
          />
        )}
        {canAct && open === 'attempt' && (
          <AttemptForm
            busy={busy}
            onCancel={() => setOpen(undefined)}
            onAttempt={(reason: AttemptReason) =>
              void act({ kind: 'deliveryAttempt', payload: { orderId: stop._id, attempt: { reason } } })
            }
          />
        )}
        {open === 'attempt' && error && (
          <p role="alert" className="text-sm text-error">
            {error}
          </p>
        )}
        {canAct && !open && (
          <div className="mt-1 grid grid-cols-2 gap-2">
            <button type="button" className="btn btn-success min-h-12" onClick={() => setOpen('deliver')}>
              {t('rider.run.delivered')}
            </button>
            <button type="button" className="btn btn-outline min-h-12" onClick={() => setOpen('attempt')}>
              {t('rider.run.notDelivered')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

import { useState } from 'react';
import { shopDayStartMs } from '@contract/shop-day';
import { Spinner } from '../../../components/spinner';
import { formatPrice, shopDateFormat } from '../../../lib/format';
import { apiErrorText, outboxNoteText } from '../../../lib/i18n/api-errors';
import { intlLocale, useT } from '../../../lib/i18n/i18n';
import { OutboxNoteError } from '../../../lib/offline/outbox/protocol';
import { dismiss } from '../../../lib/offline/outbox/store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOnline } from '../../../lib/use-online';
import { isNotRider, useRun } from '../api/get-run';
import { useRunAction, useRunOutbox } from '../api/run-actions';
import { runTotals, stopMoney } from '../run-money';
import { NotARider } from './not-a-rider';
import { RunStopCard } from './run-stop';

type RiderRunProps = {
  /** The signed-in rider's account (e-mail, or phone number): the run is theirs, actions go as theirs. */
  account: string;
  /** The shop date of the run shown (`YYYY-MM-DD`, Dhaka). */
  date: string;
  /** Shows the run of another date. */
  onDate: (date: string) => void;
  /** A delivery area's name in the language shown, by its id ('' for none). */
  areaName: (areaId: string | null) => string;
  /** Where a signed-in account that is not a rider is sent to shop instead. */
  shopHref: string;
};

/**
 * The rider's phone page (`/rider`, DESIGN.md §18), text first, no pictures: the day's stops in
 * order, what to collect and the change to bring, **Set out**, and per stop **Delivered** or
 * **Couldn't deliver**. Every action goes through the outbox: offline it waits on the phone (each
 * stop says so) and is sent once when the connection is back; the run as last loaded stays
 * readable offline. An account that is not a rider is told so.
 */
export function RiderRun({ account, date, onDate, areaName, shopHref }: RiderRunProps) {
  const t = useT();
  useDocumentTitle(t('rider.run.title'));
  const run = useRun(account, date);
  const outbox = useRunOutbox(account);
  const action = useRunAction(account);
  const online = useOnline();
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string }>();
  const [busy, setBusy] = useState(false);

  if (isNotRider(run.error)) return <NotARider account={account} shopHref={shopHref} />;

  const dayLabel = shopDateFormat(intlLocale(), { weekday: 'long', day: 'numeric', month: 'long' }).format(
    shopDayStartMs(date),
  );
  const stops = run.data ?? [];
  const start = outbox.start;
  const startWaiting = start?.status === 'waiting' && start.payload.date === date;
  const startRefused = start?.status === 'failed' && start.payload.date === date ? start : undefined;
  // Set out sends the Packed stops out, and the Approved ones too (packed as ordered).
  const packed = stops.filter((stop) => stop.orderStatus === 'Packed' || stop.orderStatus === 'Approved').length;
  const left = stops.filter((stop) => {
    const delivered = outbox.stops.get(stop._id)?.delivered;
    return stop.orderStatus !== 'Delivered' && delivered?.status !== 'sent' && delivered?.status !== 'waiting';
  });
  const totals = runTotals(left.map(stopMoney));
  const offline = !online || run.fetchStatus === 'paused';

  const setOut = async () => {
    const key = crypto.randomUUID();
    setBusy(true);
    setMessage(undefined);
    try {
      const outcome = await action.mutateAsync({
        action: { kind: 'runStart', payload: { date } },
        key,
        replaces: startRefused?.key,
      });
      // Queued, the waiting note says so (and the page's offline notice why).
      setMessage(outcome.status === 'sent' ? { kind: 'info', text: t('rider.run.setOutDone') } : undefined);
    } catch (cause) {
      if (cause instanceof OutboxNoteError) await dismiss(key);
      setMessage({ kind: 'error', text: t('rider.run.setOutRefused', { reason: apiErrorText(cause, '') }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mx-auto grid max-w-md gap-3 px-3 pb-8" aria-labelledby="run-heading">
      <header className="flex flex-wrap items-end justify-between gap-2 pt-2">
        <div>
          <h1 id="run-heading" className="text-2xl font-bold">
            {t('rider.run.heading')}
          </h1>
          <p className="text-base-content/80" data-testid="run-day">
            {dayLabel}
          </p>
        </div>
        <label className="grid gap-1 text-sm">
          <span>{t('rider.run.date')}</span>
          <input
            type="date"
            className="input min-h-11 w-40"
            value={date}
            required
            onChange={(event) => event.target.value && onDate(event.target.value)}
          />
        </label>
      </header>
      {offline && (
        <p className="alert alert-warning py-2" role="status" data-testid="run-offline">
          {run.data
            ? t('rider.run.offline', {
                time: shopDateFormat(intlLocale(), { hour: 'numeric', minute: '2-digit' }).format(run.dataUpdatedAt),
              })
            : t('rider.run.noCopy')}
        </p>
      )}
      {run.isPending && !offline && <Spinner label={t('rider.run.loading')} />}
      {run.isError && !run.data && !offline && (
        <div className="alert alert-error" role="alert">
          <span>{t('rider.run.failed', { reason: apiErrorText(run.error, '') })}</span>
          <button type="button" className="btn btn-sm min-h-11" onClick={() => void run.refetch()}>
            {t('rider.run.retry')}
          </button>
        </div>
      )}
      {run.data && stops.length === 0 && (
        <p className="alert" role="status">
          {t('rider.run.empty')}
        </p>
      )}
      {stops.length > 0 && (
        <p className="rounded-box bg-base-200 p-3" data-testid="run-summary">
          {left.length === 0
            ? t('rider.run.allDone')
            : t('rider.run.summary', {
                count: left.length,
                cash: formatPrice(totals.cash),
                change: formatPrice(totals.change),
              })}
        </p>
      )}
      {startWaiting && (
        <p className="alert alert-warning py-2" role="status" data-testid="run-waiting">
          {t('rider.run.setOutWaiting')}
        </p>
      )}
      {startRefused && (
        <div className="alert alert-error py-2" role="alert">
          <span>{t('rider.run.setOutRefused', { reason: outboxNoteText(startRefused) })}</span>
          <button type="button" className="btn btn-sm min-h-11" onClick={() => void dismiss(startRefused.key)}>
            {t('rider.run.dismiss')}
          </button>
        </div>
      )}
      {packed > 0 && !startWaiting && (
        <button
          type="button"
          className="btn btn-primary btn-block min-h-12 text-lg"
          disabled={busy}
          onClick={() => void setOut()}
        >
          {t('rider.run.setOut', { count: packed })}
        </button>
      )}
      {message && (
        <p className={`alert py-2 ${message.kind === 'error' ? 'alert-error' : 'alert-info'}`} role="status">
          {message.text}
        </p>
      )}
      {stops.length > 0 && (
        <ol className="grid gap-3" aria-label={t('rider.run.stops')}>
          {stops.map((stop) => (
            <RunStopCard
              key={stop._id}
              stop={stop}
              area={areaName(stop.areaId)}
              items={outbox.stops.get(stop._id) ?? {}}
              setOut={startWaiting}
              send={action.mutateAsync}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

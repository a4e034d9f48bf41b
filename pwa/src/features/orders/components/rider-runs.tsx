import { useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { slotDay, slotTimes } from '../../../lib/i18n/slot-label';
import { useAssignRider } from '../api/riders';
import { moveStop, runsOf, type Run, type RunOrder } from '../rider-runs';

/** An order as a run's stop shows it. */
type StopOrder = RunOrder & {
  customerName: string;
  address: string;
  deliverySlot: { start: string; end: string } | null;
};

/**
 * The riders' runs among the orders loaded in Manage Orders (DESIGN.md §18): per rider and day,
 * the stops in order (number, customer, address, slot) with **↑** and **↓** (44 px targets on a
 * tablet) that swap a stop with its neighbour. A refusal is said under the runs. Nothing while no
 * loaded order has a rider.
 */
export function RiderRuns({ orders, disabled }: { orders: readonly StopOrder[]; disabled: boolean }) {
  useLocale(); // renders again in the language chosen
  const assign = useAssignRider();
  const [problem, setProblem] = useState<string>();
  const runs = runsOf(orders);
  if (runs.length === 0) return null;
  const move = async (run: Run<StopOrder>, index: number, direction: 'up' | 'down') => {
    setProblem(undefined);
    try {
      for (const { id, riderUid, stop } of moveStop(run, index, direction))
        await assign.mutateAsync({ id, riderUid, stop });
    } catch (error) {
      setProblem(apiErrorText(error, t('assign.failed')));
    }
  };
  return (
    <section aria-labelledby="runs-heading" className="mb-6" data-testid="rider-runs">
      <h2 id="runs-heading" className="text-lg font-semibold">
        {t('assign.runsTitle')}
      </h2>
      <p className="mb-3 text-sm text-base-content/80">{t('assign.runsHint')}</p>
      <div className="grid gap-4 md:grid-cols-2">
        {runs.map((run) => (
          <div
            key={`${run.day} ${run.riderUid}`}
            className="card border border-base-300 bg-base-100"
            data-testid="rider-run"
          >
            <div className="card-body gap-2 p-4">
              <h3 className="card-title flex-wrap text-base">
                {t('assign.runHeading', { name: run.riderName, day: slotDay(`${run.day}T12:00:00+06:00`) })}
                <span className="badge badge-ghost">{t('assign.runCount', { count: run.stops.length })}</span>
              </h3>
              <ol className="divide-y divide-base-300">
                {run.stops.map((stop, index) => (
                  <li key={stop._id} className="flex items-center gap-3 py-2" data-testid="run-stop">
                    <span
                      className="badge badge-primary badge-lg shrink-0 tabular-nums"
                      aria-label={t('assign.stop', { stop: formatNumber(index + 1) })}
                    >
                      {formatNumber(index + 1)}
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold break-words" data-testid="run-stop-name">
                        {stop.customerName}
                      </p>
                      <p className="text-sm break-words text-base-content/70">{stop.address}</p>
                      {stop.deliverySlot && (
                        <p className="text-xs text-base-content/70 tabular-nums">{slotTimes(stop.deliverySlot)}</p>
                      )}
                    </div>
                    <div className="flex shrink-0 gap-1">
                      <button
                        type="button"
                        className="btn btn-square btn-outline min-h-11 min-w-11 text-lg"
                        aria-label={t('assign.up', { name: stop.customerName })}
                        disabled={disabled || assign.isPending || index === 0}
                        onClick={() => void move(run, index, 'up')}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="btn btn-square btn-outline min-h-11 min-w-11 text-lg"
                        aria-label={t('assign.down', { name: stop.customerName })}
                        disabled={disabled || assign.isPending || index === run.stops.length - 1}
                        onClick={() => void move(run, index, 'down')}
                      >
                        ↓
                      </button>
                    </div>
                  </li>
                ))}
              </ol>
            </div>
          </div>
        ))}
      </div>
      {problem && (
        <p role="alert" className="mt-2 text-error" data-testid="runs-problem">
          {problem}
        </p>
      )}
    </section>
  );
}

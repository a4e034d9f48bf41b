import { useQuery } from '@tanstack/react-query';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { slotDay, slotTimes } from '../../../lib/i18n/slot-label';
import { shopDayStartMs } from '@contract/shop-day';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { slotsOptions } from '../api/reports';

/** Manage Orders filtered to one delivery slot's orders (order-filters.ts reads `?slot=`). */
const slotOrdersHref = (slotId: string) => `${paths.dashboard.manageOrders}?${new URLSearchParams({ slot: slotId })}`;

/** One day's delivery slots: each slot's times, its orders and the places it has left. */
function DaySlots({ date, title }: { date: string; title: 'today' | 'tomorrow' }) {
  const t = useT();
  const { data: slots, error } = useQuery(slotsOptions(date));
  const day = slotDay(new Date(shopDayStartMs(date)).toISOString());
  const heading = title === 'today' ? t('reports.today', { day }) : t('reports.tomorrow', { day });
  return (
    <div className="card border border-base-300 bg-base-100" data-testid={`slots-${title}`}>
      <div className="card-body p-4">
        <h3 className="card-title text-base">{heading}</h3>
        {error ? (
          <p role="alert" className="text-error">
            {apiErrorText(error, t('reports.loadFailed'))}
          </p>
        ) : !slots ? (
          <p>{t('reports.loading')}</p>
        ) : (
          <ul className="divide-y divide-base-300">
            {slots.map((slot) => (
              <li key={slot.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
                <span className="font-medium tabular-nums">{slotTimes(slot)}</span>
                <span>
                  <span className="font-semibold">{t('reports.slotOrders', { count: slot.orders })}</span>
                  {' · '}
                  <span className={slot.remaining === 0 ? 'text-error' : 'text-base-content/80'}>
                    {slot.remaining === 0
                      ? t('reports.slotFull')
                      : t('reports.slotRemaining', { count: slot.remaining })}
                  </span>
                </span>
                {slot.orders > 0 && (
                  // The slot's orders in Manage Orders, each with its rider to assign (DESIGN.md §18).
                  <Link
                    to={slotOrdersHref(slot.id)}
                    className="btn btn-outline btn-sm ml-auto min-h-11"
                    aria-label={t('reports.slotAssignFor', { slot: slotTimes(slot) })}
                  >
                    {t('reports.slotAssign')}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** Today's and tomorrow's delivery slots (shop dates `today` and `tomorrow`), side by side on a tablet. */
export function SlotBoard({ today, tomorrow }: { today: string; tomorrow: string }) {
  const t = useT();
  return (
    <section aria-labelledby="slots-heading">
      <h2 id="slots-heading" className="mb-3 text-xl font-semibold">
        {t('reports.slotsTitle')}
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <DaySlots date={today} title="today" />
        <DaySlots date={tomorrow} title="tomorrow" />
      </div>
    </section>
  );
}

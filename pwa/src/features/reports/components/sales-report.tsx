import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { shopDayStartMs } from '@contract/shop-day';
import { formatNumber, formatPrice, shopDateFormat } from '../../../lib/format';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { salesOptions } from '../api/reports';

// The chart and its library load only when sales are shown.
const SalesChart = lazy(() => import('./sales-chart').then((module) => ({ default: module.SalesChart })));

/** The periods the chart offers, in days. */
const PERIODS = [14, 30] as const;

/**
 * Sales of the last 14 or 30 shop days (DESIGN.md §12): a chart of revenue and orders per day,
 * the store credit orders used and problems were given over the period (DESIGN.md §19), and the
 * same numbers, credit per day too, as a table — hidden from sight until asked for ("Show as table"), always
 * there for screen readers.
 */
export function SalesReport() {
  const t = useT();
  const locale = useLocale();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(14);
  const [tableShown, setTableShown] = useState(false);
  const { data: sales, error } = useQuery(salesOptions(days));
  // "24 Nov" (Bangla "২৪ নভে"): a day on the chart's axis and in the table.
  const dayLabel = useMemo(() => {
    const format = shopDateFormat(locale === 'bn' ? 'bn-BD' : 'en-GB', { day: 'numeric', month: 'short' });
    return (date: string) => (date ? format.format(new Date(shopDayStartMs(date))) : '');
  }, [locale]);
  const totals = sales?.reduce(
    (sum, day) => ({
      orders: sum.orders + day.orders,
      revenue: sum.revenue + day.revenue,
      // Summed in poisha: Tk with decimals do not add up exactly as floats.
      creditUsed: sum.creditUsed + Math.round(day.creditUsed * 100),
      creditGiven: sum.creditGiven + Math.round(day.creditGiven * 100),
    }),
    { orders: 0, revenue: 0, creditUsed: 0, creditGiven: 0 },
  );
  return (
    <section aria-labelledby="sales-heading" data-testid="sales-report">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="sales-heading" className="text-xl font-semibold">
          {t('reports.salesTitle')}
        </h2>
        <div className="join" role="group" aria-label={t('reports.period')}>
          {PERIODS.map((period) => (
            <button
              key={period}
              type="button"
              className={`btn join-item min-h-11 ${days === period ? 'btn-primary' : 'btn-outline'}`}
              aria-pressed={days === period}
              onClick={() => setDays(period)}
            >
              {t('reports.lastDays', { days: formatNumber(period) })}
            </button>
          ))}
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-error">
          {apiErrorText(error, t('reports.loadFailed'))}
        </p>
      ) : !sales || !totals ? (
        <p>{t('reports.loading')}</p>
      ) : (
        <>
          <p className="mb-2" data-testid="sales-totals">
            {t('reports.salesTotals', { count: totals.orders, revenue: formatPrice(totals.revenue) })}
          </p>
          <p className="mb-2" data-testid="sales-credit">
            {t('sales.creditTotals', {
              used: formatPrice(totals.creditUsed / 100),
              given: formatPrice(totals.creditGiven / 100),
            })}
          </p>
          <Suspense fallback={<div style={{ minHeight: 260 }} />}>
            <SalesChart days={sales} dayLabel={dayLabel} />
          </Suspense>
          <button
            type="button"
            className="btn btn-ghost mt-2 min-h-11"
            aria-expanded={tableShown}
            aria-controls="sales-table"
            onClick={() => setTableShown((shown) => !shown)}
          >
            {tableShown ? t('reports.hideTable') : t('reports.showTable')}
          </button>
          <div className={tableShown ? 'overflow-x-auto' : 'sr-only'} id="sales-table">
            <table className="table table-zebra" data-testid="sales-table">
              <caption className="sr-only">{t('reports.salesCaption', { days: formatNumber(days) })}</caption>
              <thead className="text-base-content">
                <tr>
                  <th scope="col">{t('reports.date')}</th>
                  <th scope="col" className="text-right">
                    {t('reports.orders')}
                  </th>
                  <th scope="col" className="text-right">
                    {t('reports.revenue')}
                  </th>
                  <th scope="col" className="text-right">
                    {t('sales.creditUsedColumn')}
                  </th>
                  <th scope="col" className="text-right">
                    {t('sales.creditGivenColumn')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {sales.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{dayLabel(day.date)}</th>
                    <td className="text-right tabular-nums">{formatNumber(day.orders)}</td>
                    <td className="text-right tabular-nums">{formatNumber(day.revenue)}</td>
                    <td className="text-right tabular-nums">{formatNumber(day.creditUsed)}</td>
                    <td className="text-right tabular-nums">{formatNumber(day.creditGiven)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

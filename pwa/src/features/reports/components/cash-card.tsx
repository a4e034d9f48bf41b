import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatNumber, formatPrice } from '../../../lib/format';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { cashOptions } from '../api/reports';
import { BoardCardHeader } from './board-card-header';
import { DeliveryDateField, isDeliveryDate } from './delivery-date-field';
import { cashRow, cashTotals, type CashBalance, type CashRow } from '../cash-model';
import { ScrollRegion } from '../../../components/scroll-region';

/** How a difference is highlighted: short in red, over in amber, even quietly. */
const balanceClass: Record<CashBalance, string> = {
  short: 'badge badge-error',
  over: 'badge badge-warning',
  even: 'text-base-content/70',
};

/** A difference in words ("60 Tk short", "50 Tk over", "Even"), highlighted by its balance. */
function Difference({ row }: { row: Pick<CashRow, 'difference' | 'balance'> }) {
  const t = useT();
  const amount = formatPrice(Math.abs(row.difference));
  const text =
    row.balance === 'short'
      ? t('cash.short', { amount })
      : row.balance === 'over'
        ? t('cash.over', { amount })
        : t('cash.even');
  return (
    <span className={`${balanceClass[row.balance]} whitespace-nowrap font-semibold`} data-balance={row.balance}>
      {text}
    </span>
  );
}

/**
 * The Cash card of the dawn board (DESIGN.md §18 "Cash"): for a delivery date (`today` at first),
 * per rider the orders, the cash expected and collected and the difference, highlighted when the
 * cash is short or over; the day's totals below.
 */
export function CashCard({ today }: { today: string }) {
  const t = useT();
  const [date, setDate] = useState(today);
  const valid = isDeliveryDate(date);
  const { data: lines, error } = useQuery({ ...cashOptions(date), enabled: valid });
  const rows = lines?.map(cashRow);
  const totals = lines && cashTotals(lines);
  const money = 'text-right tabular-nums whitespace-nowrap';
  return (
    <section aria-labelledby="cash-heading" data-testid="cash-card">
      <BoardCardHeader headingId="cash-heading" title={t('cash.title')} hint={t('cash.hint')}>
        <DeliveryDateField label={t('cash.date')} value={date} onChange={setDate} />
      </BoardCardHeader>
      {error ? (
        <p role="alert" className="text-error">
          {apiErrorText(error, t('cash.loadFailed'))}
        </p>
      ) : !valid ? (
        <p role="alert" className="text-error">
          {t('reports.dateInvalid')}
        </p>
      ) : !rows || !totals ? (
        <p>{t('cash.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="text-base-content/80">{t('cash.none')}</p>
      ) : (
        <ScrollRegion labelledBy="cash-heading" framed>
          <table className="table">
            <thead className="text-base-content">
              <tr>
                <th>{t('cash.rider')}</th>
                <th className="text-right">{t('cash.orders')}</th>
                <th className="text-right">{t('cash.expected')}</th>
                <th className="text-right">{t('cash.collected')}</th>
                <th className="text-right">{t('cash.difference')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.riderUid} data-testid="cash-row" className={row.balance === 'short' ? 'bg-error/10' : ''}>
                  <th className="font-semibold break-words">{row.name}</th>
                  <td className={money}>{formatNumber(row.orders)}</td>
                  <td className={money}>{formatPrice(row.expected)}</td>
                  <td className={money}>{formatPrice(row.collected)}</td>
                  <td className="text-right">
                    <Difference row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot className="text-base-content">
              <tr data-testid="cash-total">
                <th>{t('cash.total')}</th>
                <td className={money}>{formatNumber(totals.orders)}</td>
                <td className={money}>{formatPrice(totals.expected)}</td>
                <td className={money}>{formatPrice(totals.collected)}</td>
                <td className="text-right">
                  <Difference row={totals} />
                </td>
              </tr>
            </tfoot>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

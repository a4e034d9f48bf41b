import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PurchaseItem } from '@contract/report';
import { shopDayStartMs } from '@contract/shop-day';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatNumber, shopDateFormat } from '../../../lib/format';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { intlLocale, useLocale, useT } from '../../../lib/i18n/i18n';
import { lineNoteText, substitutionLabel } from '../../../lib/i18n/line-choice';
import { productName } from '../../../lib/i18n/product-name';
import { quantityLabel } from '../../../lib/i18n/sale-unit';
import { purchaseListOptions } from '../api/reports';
import { kilograms, sortByName, totalKilograms } from '../purchase-model';
import { DeliveryDateField, isDeliveryDate } from './delivery-date-field';

/** `notes` each once, in the order first written, with the lines that wrote it. */
function countedNotes(notes: readonly string[]): Array<[note: string, lines: number]> {
  const lines = new Map<string, number>();
  for (const note of notes) lines.set(note, (lines.get(note) ?? 0) + 1);
  return [...lines];
}

/**
 * What a row's shoppers asked in a sentence (DESIGN.md §17): "Similar if missing × 2 · Note:
 * “ripe ones” × 2" — a note several lines share is said once with their number, so the list
 * still prints on one page; empty when they asked nothing (no substitution other than none, no note).
 */
const choicesText = ({ substitutions, notes }: Pick<PurchaseItem, 'substitutions' | 'notes'>): string =>
  [
    ...(['similar', 'call'] as const)
      .filter((substitution) => substitutions[substitution] > 0)
      .map((substitution) => `${substitutionLabel(substitution)} × ${formatNumber(substitutions[substitution])}`),
    ...countedNotes(notes).map(([note, lines]) =>
      lines > 1 ? `${lineNoteText(note)} × ${formatNumber(lines)}` : lineNoteText(note),
    ),
  ].join(' · ');

/**
 * The purchase list (DESIGN.md §12) of a chosen delivery day, `today` (a shop date) at first:
 * each product's units across the day's orders in the language shown, with kilograms where the
 * units are weighed and their sum, and under a product what its shoppers asked (DESIGN.md §17:
 * lines that allow a similar product or want a call, and their notes). Printing the page prints this list alone on one A4 page
 * (dawn-board.css).
 */
export function PurchaseList({ today }: { today: string }) {
  const t = useT();
  const locale = useLocale();
  const [date, setDate] = useState(today);
  const valid = isDeliveryDate(date);
  const { data: items, error } = useQuery({ ...purchaseListOptions(date), enabled: valid });
  const rows = useMemo(
    () => (items ? sortByName(items, (item) => productName(item, locale), intlLocale()) : undefined),
    [items, locale],
  );
  const day = valid
    ? shopDateFormat(intlLocale(), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
        new Date(shopDayStartMs(date)),
      )
    : '';
  const kg = (value: number) => t('reports.kg', { kg: formatNumber(value, { maximumFractionDigits: 3 }) });
  return (
    <section aria-labelledby="purchase-heading" className="purchase-list" data-testid="purchase-list">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <h2 id="purchase-heading" className="text-xl font-semibold">
          {t('reports.purchaseTitle')}
          {day && <span className="block text-base font-normal">{day}</span>}
        </h2>
        <div className="flex flex-wrap items-end gap-3 print:hidden">
          <DeliveryDateField label={t('reports.deliveryDate')} value={date} onChange={setDate} />
          <button
            type="button"
            className="btn btn-outline min-h-11"
            onClick={() => window.print()}
            disabled={!rows || rows.length === 0}
          >
            {t('reports.print')}
          </button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-error">
          {apiErrorText(error, t('reports.loadFailed'))}
        </p>
      ) : !valid ? (
        <p role="alert" className="text-error">
          {t('reports.dateInvalid')}
        </p>
      ) : !rows ? (
        <p>{t('reports.loading')}</p>
      ) : rows.length === 0 ? (
        <p>{t('reports.noPurchases')}</p>
      ) : (
        <ScrollRegion labelledBy="purchase-heading">
          <table className="table table-zebra purchase-table">
            <thead className="text-base-content">
              <tr>
                <th scope="col">{t('reports.product')}</th>
                <th scope="col" className="text-right">
                  {t('reports.units')}
                </th>
                <th scope="col" className="text-right">
                  {t('reports.weight')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((item) => {
                const weight = kilograms(item);
                const asked = choicesText(item);
                return (
                  <tr key={`${item._id} ${item.unit} ${item.unitSize}`} data-testid="purchase-row">
                    <th scope="row" className="font-medium">
                      {productName(item, locale)}
                      {asked && (
                        <span className="block text-sm font-normal" data-testid="purchase-choices">
                          {asked}
                        </span>
                      )}
                    </th>
                    <td className="whitespace-nowrap text-right tabular-nums">{quantityLabel(item.quantity, item)}</td>
                    <td className="whitespace-nowrap text-right tabular-nums">
                      {weight === undefined ? '' : kg(weight)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            {rows.some((item) => kilograms(item) !== undefined) && (
              <tfoot className="text-base-content">
                <tr>
                  <th scope="row" colSpan={2}>
                    {t('reports.weightTotal')}
                  </th>
                  <td className="text-right tabular-nums" data-testid="purchase-kg-total">
                    {kg(totalKilograms(rows))}
                  </td>
                </tr>
              </tfoot>
            )}
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

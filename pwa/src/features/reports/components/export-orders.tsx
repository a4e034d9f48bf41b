import { useId, useState } from 'react';
import { addShopDays, MAX_EXPORT_DAYS, shopDaysBetween } from '@contract/shop-day';
import { formatNumber } from '../../../lib/format';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { downloadOrdersCsv } from '../api/reports';

/**
 * Export CSV (DESIGN.md §12): the orders placed from one shop date to another (the last 7 days at
 * first) as a file for the shop's accounts, downloaded with the admin's token.
 */
export function ExportOrders({ today }: { today: string }) {
  const t = useT();
  const [from, setFrom] = useState(addShopDays(today, -6));
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const fromId = useId();
  const toId = useId();
  const dated = /^\d{4}-\d{2}-\d{2}$/;
  const rangeProblem =
    !dated.test(from) || !dated.test(to)
      ? t('reports.dateInvalid')
      : shopDaysBetween(from, to) < 0
        ? t('reports.rangeBackwards')
        : shopDaysBetween(from, to) >= MAX_EXPORT_DAYS
          ? t('reports.rangeTooLong', { days: formatNumber(MAX_EXPORT_DAYS) })
          : undefined;
  const shown = rangeProblem ?? problem;
  const exportCsv = async () => {
    if (rangeProblem) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await downloadOrdersCsv(from, to);
    } catch (error) {
      setProblem(apiErrorText(error, t('reports.exportFailed')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="export-heading" data-testid="export-orders">
      <h2 id="export-heading" className="mb-1 text-xl font-semibold">
        {t('reports.exportTitle')}
      </h2>
      <p className="mb-3 text-base-content/80">{t('reports.exportHint')}</p>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void exportCsv();
        }}
      >
        <label htmlFor={fromId}>
          <span className="mb-1 block text-sm">{t('reports.from')}</span>
          <input
            id={fromId}
            type="date"
            className="input input-bordered min-h-11"
            value={from}
            max={to}
            required
            aria-invalid={rangeProblem !== undefined}
            onChange={(event) => setFrom(event.target.value)}
          />
        </label>
        <label htmlFor={toId}>
          <span className="mb-1 block text-sm">{t('reports.to')}</span>
          <input
            id={toId}
            type="date"
            className="input input-bordered min-h-11"
            value={to}
            min={from}
            required
            aria-invalid={rangeProblem !== undefined}
            onChange={(event) => setTo(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary min-h-11" disabled={busy || rangeProblem !== undefined}>
          {busy ? t('reports.exporting') : t('reports.exportCsv')}
        </button>
      </form>
      {shown && (
        <p role="alert" className="mt-2 text-error">
          {shown}
        </p>
      )}
    </section>
  );
}

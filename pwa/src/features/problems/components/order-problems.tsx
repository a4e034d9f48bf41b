import type { Order } from '@contract/order';
import type { Problem } from '@contract/problem';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { formatNumber } from '../../../lib/format';
import { outboxNoteText } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { useStoredProductName } from '../../../lib/i18n/product-names';
import { dismiss } from '../../../lib/offline/outbox/store';
import type { UnsentProblem } from '../api/report-problem';
import { canReport, deliveredLines, reportableUntil, stillUnreported } from '../problem-model';
import { problemStatusText, reasonText, shopTimeText } from '../problem-text';

// The report screen's code (the form, the photo shrinker) comes only when a shopper opens it; if
// it cannot be downloaded (offline before the service worker had it) that is said in its place.
const ReportProblemDialog = lazy(() => import('./report-problem-dialog').catch(() => ({ default: ReportUnavailable })));

/** Said in place of the report screen when its code could not be downloaded. */
function ReportUnavailable() {
  const t = useT();
  return (
    <p className="alert alert-warning text-sm" role="status">
      {t('problem.report.failed')}
    </p>
  );
}

/** The time now (epoch ms), again every minute: the Report button goes when the 48 hours end. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

type OrderProblemsProps = {
  order: Order;
  /** The signed-in account (the outbox's owner of the report). */
  email: string;
  /** The account's problems of this order, newest first (undefined while unknown). */
  problems: readonly Problem[] | undefined;
  /** This order's report still in the outbox: waiting, or refused. */
  unsent: UnsentProblem | undefined;
};

/**
 * An order's problems in My Orders (DESIGN.md §19): each reported problem with its lines and the
 * decision ("Credited 40 Tk to your store credit", "Waiting for the shop — answer by …", "Refunded
 * 40 Tk", "Declined: …"); a report still in the outbox (waiting until online, or refused with why
 * and Dismiss); and while the order is within 48 hours of delivery and has units not reported, the
 * **Report a problem** button with until when, opening the report screen (loaded then).
 */
export function OrderProblems({ order, email, problems, unsent }: OrderProblemsProps) {
  const t = useT();
  const nameOf = useStoredProductName();
  const now = useNow();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const lines = deliveredLines(order, problems);
  const until = reportableUntil(order);
  const waiting = unsent?.status === 'waiting' && stillUnreported(lines, unsent.payload.lines);
  const refused = unsent?.status === 'failed' ? unsent : undefined;
  // No second report while one is in the outbox, even one the server already lists: the button
  // comes back once the outbox has its answer, so a report is never started twice.
  const offered = canReport(order, now) && lines.some((line) => line.left > 0) && unsent?.status !== 'waiting';
  if (!offered && !waiting && !refused && (problems ?? []).length === 0) return null;
  return (
    <div className="grid gap-2" data-testid="order-problems">
      {problems?.map((problem) => (
        <div
          key={problem._id}
          className={`rounded-box p-3 text-sm ${problem.status === 'declined' ? 'bg-warning/15' : 'bg-info/10'}`}
          data-testid="order-problem"
        >
          <p className="text-base-content/70">
            {t('problem.status.reported', { date: shopTimeText(problem.createdAt) })}
          </p>
          <ul className="my-1">
            {problem.lines.map((line) => (
              <li key={line._id}>
                {t('problem.status.line', {
                  name: nameOf({ _id: line._id, name: line.name }),
                  quantity: formatNumber(line.quantity),
                  reason: reasonText(line.reason),
                })}
              </li>
            ))}
          </ul>
          <p className="font-semibold" data-testid="order-problem-status">
            {problemStatusText(problem)}
          </p>
        </div>
      ))}
      {waiting && (
        <p className="alert alert-warning text-sm" role="status" data-testid="problem-waiting">
          {t('problem.report.waiting')}
        </p>
      )}
      {refused && (
        <div className="alert alert-error flex-wrap text-sm" role="status" data-testid="problem-refused">
          <p className="flex-1">{t('problem.report.refused', { reason: outboxNoteText(refused, nameOf) })}</p>
          <button type="button" className="btn btn-sm min-h-11" onClick={() => void dismiss(refused.key)}>
            {t('problem.report.dismiss')}
          </button>
        </div>
      )}
      {offered && until !== null && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <button
            type="button"
            className="btn btn-outline min-h-11"
            onClick={() => {
              setOpened(true);
              setOpen(true);
            }}
          >
            {t('problem.report.button')}
          </button>
          <p className="text-sm text-base-content/70">{t('problem.report.until', { time: shopTimeText(until) })}</p>
        </div>
      )}
      {opened && (
        <Suspense fallback={<Spinner label={t('problem.report.loading')} />}>
          <ReportProblemDialog
            order={order}
            lines={lines.filter((line) => line.left > 0)}
            email={email}
            open={open && offered}
            onClose={() => setOpen(false)}
            replaces={refused?.key}
          />
        </Suspense>
      )}
    </div>
  );
}

import { Link } from 'react-router-dom';
import type { Problem, ProblemReason } from '@contract/problem';
import { formatNumber, formatPrice, shopDateFormat } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { useStoredProductName } from '../../../lib/i18n/product-names';
import { ProblemClock } from './problem-clock';
import { ProblemPhoto } from './problem-photo';

type ProblemCardProps = {
  problem: Problem;
  /** The order's details page. */
  orderHref: string;
  /** The time the clock is read at (epoch ms). */
  now: number;
  /** Opens the decision (open problems only). */
  onDecide?: () => void;
};

/** A time as the language shown writes it, in Dhaka: "28 Nov, 09:15" (Bangla on the 24-hour clock). */
function useTimeText() {
  const bangla = useLocale() === 'bn';
  const format = shopDateFormat(bangla ? 'bn-BD' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return (iso: string) => format.format(new Date(iso));
}

/**
 * One reported problem (DESIGN.md §19) as the admin's queue shows it: the photo (tap to enlarge),
 * the customer, a link to the order, when it was reported, the claimed items (name, reason in
 * words, units, worth) and the claim's worth; an open one its time left of 72 h and Decide, a
 * decided one the decision, amount and note.
 */
export function ProblemCard({ problem, orderHref, now, onDecide }: ProblemCardProps) {
  const t = useT();
  const nameOf = useStoredProductName();
  const timeText = useTimeText();
  const reasons: Record<ProblemReason, string> = {
    spoiled: t('problems.reason.spoiled'),
    short_weight: t('problems.reason.short_weight'),
    missing: t('problems.reason.missing'),
    wrong_item: t('problems.reason.wrong_item'),
  };
  const amount = formatPrice(problem.amount);
  const decided =
    problem.status === 'credited'
      ? t('problems.decided.credited', { amount })
      : problem.status === 'refunded'
        ? t('problems.decided.refunded', { amount })
        : problem.status === 'declined'
          ? t('problems.decided.declined')
          : undefined;
  const headingId = `problem-${problem._id}`;
  return (
    <article
      className="card border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby={headingId}
      data-testid="problem-card"
      data-status={problem.status}
    >
      <div className="card-body gap-3 p-4 sm:flex-row sm:items-start">
        <ProblemPhoto photoId={problem.photoId} customer={problem.customerName} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div>
              <h3 id={headingId} className="text-lg font-semibold break-words">
                {problem.customerName}
              </h3>
              <p className="text-sm text-base-content/80">
                {t('problems.reported', { time: timeText(problem.createdAt) })}
                {' · '}
                <Link to={orderHref} className="link link-primary inline-flex min-h-11 items-center">
                  {t('problems.orderLink', { id: problem.orderId.slice(-6) })}
                </Link>
              </p>
            </div>
            {problem.status === 'open' && <ProblemClock deadline={problem.deadline} now={now} />}
          </div>
          <table className="table table-sm mt-1">
            <caption className="sr-only">{t('problems.lines')}</caption>
            <thead className="text-base-content">
              <tr>
                <th scope="col">{t('problems.item')}</th>
                <th scope="col">{t('problems.reason')}</th>
                <th scope="col" className="text-right">
                  {t('problems.quantity')}
                </th>
                <th scope="col" className="text-right">
                  {t('problems.lineWorth')}
                </th>
              </tr>
            </thead>
            <tbody>
              {problem.lines.map((line) => (
                <tr key={line._id} data-testid="problem-line">
                  <th scope="row" className="font-normal break-words">
                    {nameOf(line)}
                  </th>
                  <td>{reasons[line.reason]}</td>
                  <td className="text-right tabular-nums">{formatNumber(line.quantity)}</td>
                  <td className="text-right tabular-nums whitespace-nowrap">{formatPrice(line.worth)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
            <p className="font-semibold" data-testid="problem-worth">
              {t('problems.worth', { amount: formatPrice(problem.worth) })}
            </p>
            {onDecide && (
              <button
                type="button"
                className="btn btn-primary min-h-11"
                onClick={onDecide}
                aria-label={t('problems.decideFor', { name: problem.customerName })}
              >
                {t('problems.decide')}
              </button>
            )}
          </div>
          {decided && (
            <div className="mt-2 rounded-box bg-base-200 p-3" data-testid="problem-decision">
              <p className="font-semibold">
                {decided}
                {problem.decidedAt && (
                  <span className="font-normal text-base-content/80">
                    {' · '}
                    {timeText(problem.decidedAt)}
                  </span>
                )}
              </p>
              {problem.note && <p className="break-words">{t('problems.noteShown', { note: problem.note })}</p>}
            </div>
          )}
        </div>
      </div>
    </article>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { byDeadline, decisionClock } from '../../../lib/decision-clock';
import { formatNumber, formatPrice } from '../../../lib/format';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { openProblemsOptions } from '../api/open-problems';
import { BoardCardHeader } from './board-card-header';
import { ScrollRegion } from '../../../components/scroll-region';

/** How many the card lists; the rest are counted and in the queue. */
const LISTED = 8;

/** The time now, read again every minute while shown. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The dawn board's Open problems card (DESIGN.md §19): how many claims wait for a decision and,
 * oldest first, each one's customer, worth and time left of the shop's 72 h — red under 12 h,
 * and past it said and highlighted — with a link to the queue (`queueHref`).
 */
export function OpenProblemsCard({ queueHref }: { queueHref: string }) {
  const t = useT();
  const now = useMinute();
  const { data, error } = useQuery(openProblemsOptions());
  const problems = data && byDeadline(data.problems);
  return (
    <section aria-labelledby="open-problems-heading" data-testid="open-problems-card">
      <BoardCardHeader
        headingId="open-problems-heading"
        title={t('dawn.problems.title')}
        hint={t('dawn.problems.hint')}
      >
        <Link to={queueHref} className="btn btn-outline min-h-11">
          {t('dawn.problems.open')}
        </Link>
      </BoardCardHeader>
      {error ? (
        <p role="alert" className="text-error">
          {apiErrorText(error, t('dawn.problems.failed'))}
        </p>
      ) : !problems ? (
        <p>{t('reports.loading')}</p>
      ) : problems.length === 0 ? (
        <p className="text-base-content/80" data-testid="open-problems-none">
          {t('dawn.problems.none')}
        </p>
      ) : (
        <>
          <p className="mb-2 font-medium" data-testid="open-problems-count">
            {data.more
              ? t('dawn.problems.countMore', { count: problems.length })
              : t('dawn.problems.count', { count: problems.length })}
          </p>
          <ScrollRegion labelledBy="open-problems-heading" framed>
            <table className="table">
              <thead className="text-base-content">
                <tr>
                  <th scope="col">{t('dawn.problems.customer')}</th>
                  <th scope="col" className="text-right">
                    {t('dawn.problems.worth')}
                  </th>
                  <th scope="col" className="text-right">
                    {t('dawn.problems.timeLeft')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {problems.slice(0, LISTED).map((problem) => {
                  const clock = decisionClock(problem.deadline, now);
                  const hours = formatNumber(clock.hours);
                  return (
                    <tr
                      key={problem._id}
                      data-testid="open-problem"
                      data-late={clock.late || undefined}
                      className={clock.late ? 'bg-error/10' : ''}
                    >
                      <th scope="row" className="font-semibold break-words">
                        {problem.customerName}
                      </th>
                      <td className="text-right tabular-nums whitespace-nowrap">{formatPrice(problem.worth)}</td>
                      <td className="text-right">
                        <span
                          className={`badge h-auto min-h-7 whitespace-nowrap font-semibold ${clock.urgent ? 'badge-error' : 'badge-outline'}`}
                          data-testid="open-problem-clock"
                        >
                          {!clock.late
                            ? t('problems.clock.left', { hours })
                            : clock.hours > 0
                              ? t('problems.clock.late', { hours })
                              : t('problems.clock.due')}
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
          {problems.length > LISTED && (
            <p className="mt-2 text-base-content/80">{t('dawn.problems.more', { count: problems.length - LISTED })}</p>
          )}
        </>
      )}
    </section>
  );
}

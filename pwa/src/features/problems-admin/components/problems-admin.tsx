import { useState } from 'react';
import { problemStatuses, type Problem, type ProblemStatus } from '@contract/problem';
import { Spinner } from '../../../components/spinner';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { useOnline } from '../../../lib/use-online';
import { useProblems } from '../api/problems';
import { useNow } from '../use-now';
import { DecideDialog } from './decide-dialog';
import { ProblemCard } from './problem-card';

type ProblemsAdminProps = {
  /** The status shown (Open, Credited, Refunded, Declined). */
  status: ProblemStatus;
  onStatus: (status: ProblemStatus) => void;
  /** An order's details page. */
  orderHref: (orderId: string) => string;
};

/**
 * The admin's problems queue (DESIGN.md §19): a filter by status; open problems oldest first
 * with their time left of 72 h and Decide; decided ones newest first with the decision. A
 * problem another admin decided meanwhile is said above the list, which is then up to date.
 */
export function ProblemsAdmin({ status, onStatus, orderHref }: ProblemsAdminProps) {
  const t = useT();
  const online = useOnline();
  const now = useNow();
  const { problems, query } = useProblems(status);
  const [deciding, setDeciding] = useState<Problem>();
  const [refusal, setRefusal] = useState<string>();
  const labels: Record<ProblemStatus, string> = {
    open: t('problems.status.open'),
    credited: t('problems.status.credited'),
    refunded: t('problems.status.refunded'),
    declined: t('problems.status.declined'),
  };
  return (
    <div data-testid="problems-admin">
      <div className="join mb-4 flex-wrap" role="group" aria-label={t('problems.filter')}>
        {problemStatuses.map((choice) => (
          <button
            key={choice}
            type="button"
            className={`btn join-item min-h-11 ${status === choice ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={status === choice}
            onClick={() => {
              setRefusal(undefined);
              onStatus(choice);
            }}
          >
            {labels[choice]}
          </button>
        ))}
      </div>
      {refusal && (
        <p role="alert" className="alert alert-warning mb-4" data-testid="problems-refusal">
          {refusal}
        </p>
      )}
      {!problems ? (
        query.fetchStatus === 'paused' || query.isError ? (
          <p className="alert alert-warning" role="status">
            {query.fetchStatus === 'paused' ? t('admin.offline') : apiErrorText(query.error, t('problems.failed'))}
          </p>
        ) : (
          <Spinner label={t('problems.loading')} />
        )
      ) : problems.length === 0 ? (
        <p className="text-base-content/80" data-testid="problems-none">
          {status === 'open' ? t('problems.none.open') : t('problems.none.decided')}
        </p>
      ) : (
        <>
          {status === 'open' && (
            <p className="mb-3 font-medium" data-testid="problems-count">
              {t('problems.count', { count: problems.length })}
            </p>
          )}
          <ul className="grid gap-4">
            {problems.map((problem) => (
              <li key={problem._id}>
                <ProblemCard
                  problem={problem}
                  orderHref={orderHref(problem.orderId)}
                  now={now}
                  onDecide={problem.status === 'open' ? () => setDeciding(problem) : undefined}
                />
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline mt-4 min-h-11"
              disabled={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              {t('problems.loadMore')}
            </button>
          )}
        </>
      )}
      {deciding && (
        <DecideDialog
          key={deciding._id}
          problem={deciding}
          canSave={online}
          onDecidedElsewhere={setRefusal}
          onClose={() => setDeciding(undefined)}
        />
      )}
    </div>
  );
}

import { problemStatuses, type ProblemStatus } from '@contract/problem';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { ProblemsAdmin } from '../../features/problems-admin/components/problems-admin';
import { useT } from '../../lib/i18n/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The status in the address (`?status=declined`), else Open. */
const statusOf = (value: string | null): ProblemStatus => problemStatuses.find((status) => status === value) ?? 'open';

/**
 * `/dashboard/problems` (admins, DESIGN.md §19): the problems shoppers reported after delivery —
 * open ones to decide within 72 h, decided ones by status (`?status=`, so a filter can be linked to).
 */
export default function DashboardProblemsRoute() {
  const t = useT();
  useDocumentTitle(t('problems.title'));
  const [search, setSearch] = useSearchParams();
  const status = statusOf(search.get('status'));
  return (
    <section>
      <h1 className="text-2xl font-bold">{t('problems.title')}</h1>
      <p className="mb-4 text-base-content/80">{t('problems.hint')}</p>
      <ProblemsAdmin
        status={status}
        onStatus={(next) => setSearch(next === 'open' ? {} : { status: next }, { replace: true })}
        orderHref={paths.dashboard.orderDetails.getHref}
      />
    </section>
  );
}

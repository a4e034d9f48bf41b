import { useT } from '../../../lib/i18n/i18n';
import { useUnsent } from '../../../lib/offline/outbox/use-unsent';

/** The number of the user's orders and reviews waiting to be sent, in the header. */
export function WaitingCount({ email }: { email: string | undefined }) {
  const t = useT();
  const waiting = useUnsent(email).filter((item) => item.status === 'waiting').length;
  if (waiting === 0) return null;
  return (
    <span className="badge badge-warning" role="status" data-testid="waiting-count">
      {t('offline.waiting', { count: waiting })}
    </span>
  );
}

import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';
import { useUnsent } from '../../../lib/offline/outbox/use-unsent';

/**
 * The number of the user's orders and reviews waiting to be sent, in the header: "{n} waiting to
 * send" from 640 px; on a phone, where the header has no room for the words beside the logo, the
 * language switch, the cart and the account, an upload icon and the number, the words kept for
 * screen readers.
 */
export function WaitingCount({ email }: { email: string | undefined }) {
  const t = useT();
  const waiting = useUnsent(email).filter((item) => item.status === 'waiting').length;
  if (waiting === 0) return null;
  const text = t('offline.waiting', { count: waiting });
  return (
    <span
      className="badge badge-warning shrink-0 gap-1 whitespace-nowrap"
      role="status"
      title={text}
      data-testid="waiting-count"
    >
      <svg
        xmlns="http://www.w3.org/2000/svg"
        className="h-4 w-4 sm:hidden"
        fill="none"
        viewBox="0 0 24 24"
        stroke="currentColor"
        strokeWidth={2}
        aria-hidden="true"
      >
        <path strokeLinecap="round" strokeLinejoin="round" d="M12 16V4m0 0-4 4m4-4 4 4M4 20h16" />
      </svg>
      <span aria-hidden="true" className="sm:hidden">
        {formatNumber(waiting)}
      </span>
      <span className="sr-only sm:not-sr-only">{text}</span>
    </span>
  );
}

import type { Order } from '@contract/order';
import { useLocale } from '../../../lib/i18n/i18n';
import { formatShopTime } from '../order-time';
import { statusLabel } from '../../../lib/i18n/order-status';

/** An order's timeline, oldest first: each state it entered and when (Dhaka time). */
export function StatusTimeline({ order }: { order: Order }) {
  useLocale(); // renders again in the language chosen
  return (
    <ol className="grid gap-3 border-s-2 border-primary/40 ps-4" data-testid="status-timeline">
      {order.statusHistory.map((change) => (
        <li key={`${change.status}-${change.at}`} className="relative">
          <span className="absolute -start-[1.4rem] top-1.5 h-3 w-3 rounded-full bg-primary" aria-hidden="true" />
          <p className="font-semibold">{statusLabel(change.status)}</p>
          <p className="text-sm text-base-content/70">
            <time dateTime={change.at}>{formatShopTime(change.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  );
}

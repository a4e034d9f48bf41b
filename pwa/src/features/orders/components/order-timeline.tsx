import { deliveryFlow, type OrderStatus } from '@contract/delivery';
import type { Order } from '@contract/order';
import { useT } from '../../../lib/i18n/i18n';
import { statusLabel } from '../../../lib/i18n/order-status';
import { shopTimeFormat } from '../order-time';

/** "22 Nov, 10:05" in Dhaka, in the page's language: short enough for a quarter of a phone. */
const shortTime = (time: string) =>
  shopTimeFormat({ day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(time));

/**
 * An order's tracking as a daisyUI timeline: Pending → Approved → Packed → Out for delivery →
 * Delivered (an order sent out unpacked is packed as ordered on the way, DESIGN.md §17),
 * the states it has reached in the primary colour with the time it entered each (Dhaka time,
 * from its status history), the current one marked for screen readers. A Cancelled order shows
 * the steps it reached, then Cancelled.
 */
export function OrderTimeline({ order }: { order: Order }) {
  const t = useT();
  const at = new Map(order.statusHistory.map((change) => [change.status, change.at]));
  const steps: readonly OrderStatus[] =
    order.orderStatus === 'Cancelled'
      ? [...deliveryFlow.filter((status) => at.has(status)), 'Cancelled']
      : deliveryFlow;
  const current = steps.indexOf(order.orderStatus);
  return (
    <ol className="timeline timeline-compact w-full" aria-label={t('tracking.progress')} data-testid="order-timeline">
      {steps.map((status, index) => {
        const reached = index <= current;
        const time = at.get(status);
        return (
          <li
            key={status}
            className="flex-1"
            aria-current={index === current ? 'step' : undefined}
            data-reached={reached}
          >
            {index > 0 && <hr aria-hidden="true" className={reached ? 'bg-primary' : ''} />}
            <span
              className={`timeline-middle grid h-5 w-5 place-items-center rounded-full ${reached ? 'bg-primary text-primary-content' : 'border-2 border-base-300 bg-base-100'}`}
              aria-hidden="true"
            >
              {reached && (
                <svg viewBox="0 0 20 20" fill="currentColor" className="h-3.5 w-3.5">
                  <path
                    fillRule="evenodd"
                    d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 1.4-1.4L8 12.6l7.3-7.3a1 1 0 0 1 1.4 0z"
                    clipRule="evenodd"
                  />
                </svg>
              )}
            </span>
            <div className="timeline-end text-center text-xs leading-tight sm:text-sm">
              <p className={reached ? 'font-semibold' : 'text-base-content/70'}>{statusLabel(status)}</p>
              {time && (
                <time dateTime={time} className="text-base-content/70">
                  {shortTime(time)}
                </time>
              )}
            </div>
            {index < steps.length - 1 && <hr aria-hidden="true" className={index < current ? 'bg-primary' : ''} />}
          </li>
        );
      })}
    </ol>
  );
}

import { decisionClock } from '../../../lib/decision-clock';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';

/**
 * A problem's time left of the shop's 72 h to decide it ("41 h left"), red when under 12 h or
 * past ("Overdue by 3 h"); `now` is the time it is read at (epoch ms).
 */
export function ProblemClock({ deadline, now }: { deadline: string; now: number }) {
  const t = useT();
  const clock = decisionClock(deadline, now);
  const hours = formatNumber(clock.hours);
  const text = !clock.late
    ? t('problems.clock.left', { hours })
    : clock.hours > 0
      ? t('problems.clock.late', { hours })
      : t('problems.clock.due');
  return (
    <span
      className={`badge h-auto min-h-7 whitespace-nowrap font-semibold ${clock.urgent ? 'badge-error' : 'badge-outline'}`}
      data-testid="problem-clock"
      data-urgent={clock.urgent || undefined}
    >
      {text}
    </span>
  );
}

import { useT } from '../../../lib/i18n/i18n';

/**
 * "{n} new orders" above the queue, staying in view while the admin scrolls; tapping it scrolls
 * to the top and marks them seen. A polite live region, so a screen reader hears new arrivals.
 */
export function NewOrdersNotice({ count, onSeen }: { count: number; onSeen: () => void }) {
  const t = useT();
  const seeThem = () => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    onSeen();
  };
  return (
    <div role="status" className="pointer-events-none sticky top-20 z-20 flex h-0 justify-center overflow-visible">
      {count > 0 && (
        <button
          type="button"
          className="btn btn-accent pointer-events-auto min-h-11 shadow-lg"
          onClick={seeThem}
          data-testid="new-orders"
        >
          {t('orders.newCount', { count })}
        </button>
      )}
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { t, useLocale } from '../../../lib/i18n/i18n';

/** The button's texts in the language shown. */
const messages = () => ({ more: t('orders.loadMore'), loading: t('orders.loadingMore') });

/**
 * "Load more orders" below the queue. It presses itself when it comes near the screen
 * (IntersectionObserver), so the admin just scrolls; the button stays for keyboards and as a fallback.
 */
export function LoadMore({ onLoad, loading }: { onLoad: () => void; loading: boolean }) {
  useLocale(); // renders again in the language chosen
  const texts = messages();
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = ref.current;
    if (!button || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onLoad(), {
      rootMargin: '400px',
    });
    observer.observe(button);
    return () => observer.disconnect();
  }, [onLoad, loading]);
  return (
    <div className="flex justify-center py-6">
      <button ref={ref} type="button" className="btn btn-outline min-h-11" disabled={loading} onClick={onLoad}>
        {loading ? texts.loading : texts.more}
      </button>
    </div>
  );
}

import { useT } from '../../../lib/i18n/i18n';
import { useOnline } from '../../../lib/use-online';

/** The offline banner, shown as soon as the browser reports no connection. */
export function OfflineBanner() {
  const t = useT();
  if (useOnline()) return null;
  return (
    <div
      role="status"
      className="bg-warning px-4 py-2 text-center text-sm text-warning-content"
      data-testid="offline-banner"
    >
      {t('offline.banner')}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { whenSettled } from '../../../lib/idle';
import { loadDb } from '../../../lib/offline/live-query';
import { applyUpdate, useUpdateAvailable } from '../service-worker';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';

/**
 * A notice when IndexedDB is unavailable, and the update prompt — never shown on /checkout, so a
 * payment is not interrupted. Both can only be due once the page has settled (the storage check
 * and the service worker's registration wait for it), so the layout loads this lazily then.
 */
export default function OfflineNotices() {
  const t = useT();
  const updateAvailable = useUpdateAvailable();
  const { pathname } = useLocation();
  const [storage, setStorage] = useState(true);
  useEffect(
    () =>
      whenSettled(() => {
        loadDb().then(
          (m) => m.offlineStorageAvailable.then(setStorage),
          () => setStorage(false),
        );
      }),
    [],
  );
  return (
    <>
      {!storage && (
        <div role="status" className="bg-base-300 px-4 py-2 text-center text-sm">
          {t('offline.noStorage')}
        </div>
      )}
      {updateAvailable && !pathname.toLowerCase().startsWith(paths.checkout) && (
        <div role="alert" className="alert fixed bottom-4 right-4 z-50 w-auto shadow-lg">
          <span>{t('offline.updateAvailable')}</span>
          <button type="button" className="btn btn-primary btn-sm min-h-11" onClick={applyUpdate}>
            {t('offline.reload')}
          </button>
        </div>
      )}
    </>
  );
}

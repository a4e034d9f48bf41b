import { useLocation } from 'react-router-dom';
import { useOnline } from '../../../lib/use-online';
import { applyUpdate, useUpdateAvailable } from '../service-worker';

/**
 * The offline banner (shown as soon as the browser reports no connection) and the update
 * prompt, which is never shown on /checkout so a payment is not interrupted.
 */
export function OfflineStatus() {
  const online = useOnline();
  const updateAvailable = useUpdateAvailable();
  const { pathname } = useLocation();
  return (
    <>
      {!online && (
        <div role="status" className="bg-warning px-4 py-2 text-center text-sm text-warning-content" data-testid="offline-banner">
          You are offline. Keep browsing and filling your cart — orders are sent when you are back online.
        </div>
      )}
      {updateAvailable && !pathname.toLowerCase().startsWith('/checkout') && (
        <div role="alert" className="alert fixed bottom-4 right-4 z-50 w-auto shadow-lg">
          <span>Update available</span>
          <button type="button" className="btn btn-primary btn-sm min-h-11" onClick={applyUpdate}>
            Reload
          </button>
        </div>
      )}
    </>
  );
}

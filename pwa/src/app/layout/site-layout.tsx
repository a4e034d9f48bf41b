import { Outlet } from 'react-router-dom';
import { OfflineStatus } from '../../features/offline/components/offline-status';
import { Footer } from './footer';
import { Header } from './header';

/** Header, the current page, footer. */
export function SiteLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <OfflineStatus />
      <Header />
      {/* At least a screen tall, so the footer starts below the fold and never jumps as a page loads (CLS). */}
      <main className="min-h-screen flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

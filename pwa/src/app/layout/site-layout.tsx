import { Outlet, useLocation } from 'react-router-dom';
import { AfterSettled, lazyExtra } from '../../components/after-settled';
import { paths } from '../../config/paths';
import { CartBar } from '../../features/cart/components/cart-bar';
import { OfflineBanner } from '../../features/offline/components/offline-banner';
import { useT } from '../../lib/i18n/i18n';
import { useShopDocumentTitle } from '../../lib/use-document-title';
import { Footer } from './footer';
import { Header } from './header';
import { useScrollOnNavigation } from './scroll-on-navigation';

const OfflineNotices = lazyExtra(() => import('../../features/offline/components/offline-notices'));

/** Pages that show the cart already, or are at work on it: no cart bar there. */
const isCartPage = (pathname: string) => {
  // The router matches paths in any case (/Shop) and with a trailing slash.
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return (
    path === paths.cart ||
    path === paths.checkout ||
    path === paths.dashboard.root ||
    path.startsWith(`${paths.dashboard.root}/`)
  );
};

/**
 * Header, the current page, footer; on phones and tablets the cart bar below them. The tab's title
 * in the language shown. A new page opens at its top, and Back returns to where the shopper was
 * (useScrollOnNavigation).
 */
export function SiteLayout() {
  const t = useT();
  useShopDocumentTitle(t('app.title'));
  const { pathname } = useLocation();
  useScrollOnNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <OfflineBanner />
      <AfterSettled>
        <OfflineNotices />
      </AfterSettled>
      <Header />
      {/* At least a screen tall, so the footer starts below the fold and never jumps as a page loads (CLS). */}
      <main className="min-h-screen flex-1">
        <Outlet />
      </main>
      <Footer />
      <CartBar cartPath={paths.cart} hidden={isCartPage(pathname)} />
    </div>
  );
}

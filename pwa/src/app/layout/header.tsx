import { Link, NavLink } from 'react-router-dom';
import { AfterSettled, lazyExtra } from '../../components/after-settled';
import { paths } from '../../config/paths';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { useAuth } from '../../features/auth/auth-store';
import { CartLink } from '../../features/cart/components/cart-link';
import { InstallButton } from '../../features/offline/components/install-button';
import { useT } from '../../lib/i18n/i18n';
import { LanguageSwitch } from './language-switch';

// The count reads the outbox from IndexedDB, which waits for the page to settle anyway.
const WaitingCount = lazyExtra<{ email: string | undefined }>(() =>
  import('../../features/offline/components/waiting-count').then((m) => ({ default: m.WaitingCount })),
);
// Once someone is signed in, the checkout's, My Orders' and the profile's code is cached, so
// they open offline though a first visit's precache leaves them out.
const ShopperCode = lazyExtra<object>(() =>
  import('../../features/offline/components/shopper-code').then((m) => ({ default: m.ShopperCode })),
);

/** The site header (spec §2): main links (a dropdown on small screens), language, cart and account. */
export function Header() {
  const t = useT();
  const { user } = useAuth();
  const mainLinks = [
    { to: paths.homeAlias, label: t('nav.home') },
    { to: paths.shop, label: t('nav.shop') },
    { to: paths.about, label: t('nav.about') },
    { to: paths.contact, label: t('nav.contact') },
  ];
  return (
    // On a phone the start (menu, logo) and the end (language, install, waiting count, cart,
    // account) share the row by their widths, not half each: the end grows with what it shows, and
    // the shop's name gives way (truncated) rather than slide under the end. From lg the centre's
    // links come in and both ends are half again, shrinking as daisyUI's navbar does (a half that
    // cannot shrink pushed the account menu ~300 px past a 1280 px screen).
    <header className="navbar sticky top-0 z-30 gap-1 bg-base-100/95 px-1 shadow-sm backdrop-blur sm:px-2">
      <div className="navbar-start w-auto min-w-0 flex-1 lg:w-1/2 lg:flex-initial">
        <div className="dropdown lg:hidden">
          <button type="button" className="btn btn-ghost min-h-11 w-11 px-0" aria-label={t('nav.openMenu')}>
            <svg
              xmlns="http://www.w3.org/2000/svg"
              className="h-6 w-6"
              fill="none"
              viewBox="0 0 24 24"
              stroke="currentColor"
              aria-hidden="true"
            >
              <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2} d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </button>
          <ul className="menu dropdown-content z-40 mt-3 w-52 rounded-box bg-base-100 p-2 shadow">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="min-h-11">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
        <Link
          to={paths.home}
          className="btn btn-ghost min-h-11 min-w-0 shrink flex-nowrap gap-1.5 px-1 text-lg font-bold text-primary sm:gap-2 sm:px-3 sm:text-xl"
        >
          <img src="/icons/icon.svg" alt="" width={32} height={32} className="h-7 w-7 shrink-0 sm:h-8 sm:w-8" />
          <span className="truncate">{t('app.name')}</span>
        </Link>
      </div>
      <nav className="navbar-center hidden lg:flex" aria-label={t('nav.main')}>
        <ul className="menu menu-horizontal gap-1 px-1 text-base">
          {mainLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to}>{link.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="navbar-end w-auto shrink-0 gap-0.5 sm:gap-1 lg:w-1/2 lg:shrink">
        <LanguageSwitch />
        <InstallButton />
        <AfterSettled>
          <WaitingCount email={user.account} />
          {user.account && <ShopperCode />}
        </AfterSettled>
        <CartLink to={paths.cart} />
        <AccountMenu
          profilePath={paths.profile}
          loginPath={paths.login}
          registerPath={paths.register}
          dashboardPath={paths.dashboard.root}
        />
      </div>
    </header>
  );
}

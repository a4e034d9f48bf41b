import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { LogOutItem } from '../../features/auth/components/log-out-item';
import { useT } from '../../lib/i18n/i18n';

/** One sidebar link: where it goes and its text. */
type NavEntry = [to: string, label: string];

/**
 * The dashboard's sidebar links by role (spec §2, DESIGN.md §18): everyone Home and Shop, then a
 * rider their run, an admin the management pages or a customer My Orders and Add Review, and Log
 * Out last. Each link is at least 44 px high (min-h-11), a thumb's reach on a phone.
 */
export function DashboardNav({ admin, rider }: { admin: boolean; rider: boolean }) {
  const t = useT();
  // Each label a literal t() call: the build puts the English in place of its id.
  const roleLinks: NavEntry[] = admin
    ? [
        [paths.dashboard.manageProducts, t('dashboard.manageProducts')],
        [paths.dashboard.addProduct, t('dashboard.addProducts')],
        [paths.dashboard.manageOrders, t('dashboard.manageOrders')],
        [paths.dashboard.problems, t('problems.nav')],
        [paths.dashboard.areas, t('dashboard.areas')],
        [paths.dashboard.addAdmin, t('admin.addAdmin')],
        [paths.dashboard.addRider, t('riders.title')],
      ]
    : [
        [paths.dashboard.myOrders, t('dashboard.myOrders')],
        [paths.dashboard.addReview, t('dashboard.addReview')],
      ];
  const runLink: NavEntry[] = rider ? [[paths.rider, t('rider.run.nav')]] : [];
  const links: NavEntry[] = [[paths.home, t('nav.home')], [paths.shop, t('nav.shop')], ...runLink, ...roleLinks];
  return (
    <nav aria-label={t('auth.dashboard')} className="min-h-full w-60 bg-base-200 p-4">
      <ul className="menu w-full gap-1">
        {links.map(([to, label]) => (
          <li key={to}>
            <NavLink to={to} className="min-h-11">
              {label}
            </NavLink>
          </li>
        ))}
        <LogOutItem />
      </ul>
    </nav>
  );
}

import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n/i18n';
import { useAuth } from '../auth-store';
import { Avatar } from './avatar';
import { LogOutItem } from './log-out-item';

type AccountMenuProps = { profilePath: string; loginPath: string; registerPath: string; dashboardPath: string };

/**
 * The header's account menu (spec §2): Profile, Login, Register, Dashboard; when signed in also
 * the display name, the photo as avatar and a red Log Out.
 */
export function AccountMenu({ profilePath, loginPath, registerPath, dashboardPath }: AccountMenuProps) {
  const t = useT();
  const { user } = useAuth();
  const signedIn = Boolean(user.account);
  const shownName = user.displayName || user.email || user.phoneNumber || '';
  return (
    <div className="dropdown dropdown-end">
      <button
        type="button"
        className="btn btn-ghost btn-circle avatar min-h-11 min-w-11"
        aria-label={signedIn ? t('auth.accountMenuFor', { name: shownName }) : t('auth.accountMenu')}
      >
        <Avatar photoURL={user.photoURL} size={32} />
      </button>
      <ul className="menu dropdown-content z-40 mt-3 w-56 rounded-box bg-base-100 p-2 shadow">
        {signedIn && (
          <li className="menu-title" data-testid="account-name">
            {shownName}
          </li>
        )}
        <li>
          <Link to={profilePath} className="min-h-11">
            {t('auth.profile')}
          </Link>
        </li>
        <li>
          <Link to={loginPath} className="min-h-11">
            {t('auth.login')}
          </Link>
        </li>
        <li>
          <Link to={registerPath} className="min-h-11">
            {t('auth.register')}
          </Link>
        </li>
        <li>
          <Link to={dashboardPath} className="min-h-11">
            {t('auth.dashboard')}
          </Link>
        </li>
        {signedIn && <LogOutItem />}
      </ul>
    </div>
  );
}

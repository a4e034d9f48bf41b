import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';

/**
 * The red "Log Out" menu entry (spec §2): signs out, then goes to `/`. For a daisyUI `menu`. The
 * auth actions load on the tap: the menu is on every page's first load, signing out is rare.
 */
export function LogOutItem() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <li>
      <button
        type="button"
        className="min-h-11 text-error"
        onClick={() =>
          void import('../auth-actions')
            .then(({ authActions }) => authActions.signOut())
            .then((ok) => ok && navigate(paths.home))
        }
      >
        {t('auth.logOut')}
      </button>
    </li>
  );
}

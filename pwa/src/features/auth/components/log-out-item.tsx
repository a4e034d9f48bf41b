import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { authActions } from '../auth-actions';

/** The red "Log Out" menu entry (spec §2): signs out, then goes to `/`. For a daisyUI `menu`. */
export function LogOutItem() {
  const navigate = useNavigate();
  return (
    <li>
      <button type="button" className="min-h-11 text-error" onClick={() => void authActions.signOut().then((ok) => ok && navigate(paths.home))}>
        Log Out
      </button>
    </li>
  );
}

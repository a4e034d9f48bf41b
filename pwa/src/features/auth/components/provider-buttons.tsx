import { useT } from '../../../lib/i18n/i18n';
import { authActions } from '../auth-actions';

/**
 * "Continue With Google" and GitHub buttons (spec §2), popup sign-in, and "Continue with phone
 * number" (DESIGN.md §3), which calls `onPhone` to show the phone sign-in.
 */
export function ProviderButtons({ onSignedIn, onPhone }: { onSignedIn: () => void; onPhone: () => void }) {
  const t = useT();
  const go = async (name: 'google' | 'github') => {
    if (await authActions.signInWith(name)) onSignedIn();
  };
  return (
    <div className="grid gap-2">
      <button type="button" className="btn btn-outline min-h-11" onClick={onPhone}>
        {t('auth.phone.continue')}
      </button>
      <button type="button" className="btn btn-outline min-h-11" onClick={() => void go('google')}>
        {t('auth.google')}
      </button>
      <button type="button" className="btn btn-outline min-h-11" onClick={() => void go('github')}>
        {t('auth.github')}
      </button>
    </div>
  );
}

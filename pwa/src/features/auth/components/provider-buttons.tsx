import { authActions } from '../auth-actions';

/** "Continue With Google" and GitHub buttons (spec §2), popup sign-in. */
export function ProviderButtons({ onSignedIn }: { onSignedIn: () => void }) {
  const go = async (name: 'google' | 'github') => {
    if (await authActions.signInWith(name)) onSignedIn();
  };
  return (
    <div className="grid gap-2">
      <button type="button" className="btn btn-outline min-h-11" onClick={() => void go('google')}>
        Continue With Google
      </button>
      <button type="button" className="btn btn-outline min-h-11" onClick={() => void go('github')}>
        Continue With GitHub
      </button>
    </div>
  );
}

import { useT } from '../../../lib/i18n/i18n';
import { authActions } from '../auth-actions';
import { useAuth } from '../auth-store';
import { Avatar } from './avatar';

/** `/profile`: display name, e-mail, photo (default avatar when none), sign out. */
export function ProfileCard({ onSignedOut }: { onSignedOut: () => void }) {
  const t = useT();
  const { user } = useAuth();
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t('auth.profile')}</h1>
      <div className="card mt-6 bg-base-200">
        <div className="card-body items-center text-center">
          <Avatar photoURL={user.photoURL} size={96} />
          <p className="text-xl font-semibold">{user.displayName || t('auth.noName')}</p>
          <p className="text-base-content/80">{user.email}</p>
          <button
            type="button"
            className="btn btn-error btn-outline mt-4 min-h-11"
            onClick={() => void authActions.signOut().then((ok) => ok && onSignedOut())}
          >
            {t('auth.logOut')}
          </button>
        </div>
      </div>
    </section>
  );
}

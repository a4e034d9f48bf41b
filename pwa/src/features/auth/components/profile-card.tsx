import { useCallback, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n';
import { authActions } from '../auth-actions';
import { useAuth } from '../auth-store';
import { Avatar } from './avatar';
import { SavedContact, type SavedAreaPicker } from './saved-contact-form';
import { VerifyEmail } from './verify-email';

/**
 * `/profile`: display name, e-mail, photo (default avatar when none), sign out; "Verify your
 * e-mail" until the provider has confirmed the address; the saved phone and addresses checkout
 * fills in (SavedContact), each address's area chosen with `areaPicker`.
 */
export function ProfileCard({ onSignedOut, areaPicker }: { onSignedOut: () => void; areaPicker: SavedAreaPicker }) {
  const t = useT();
  const { user } = useAuth();
  const [justVerified, setJustVerified] = useState(false);
  const onVerified = useCallback(() => setJustVerified(true), []);
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t('auth.profile')}</h1>
      {user.email && user.emailVerified === false && <VerifyEmail onVerified={onVerified} />}
      {justVerified && user.emailVerified && (
        <p role="status" className="alert alert-success mt-6">
          {t('auth.verify.done')}
        </p>
      )}
      <div className="card mt-6 bg-base-200">
        <div className="card-body items-center text-center">
          <Avatar photoURL={user.photoURL} size={96} />
          <p className="text-xl font-semibold">{user.displayName || t('auth.noName')}</p>
          <p className="text-base-content/80">{user.email || user.phoneNumber}</p>
          <button
            type="button"
            className="btn btn-error btn-outline mt-4 min-h-11"
            onClick={() => void authActions.signOut().then((ok) => ok && onSignedOut())}
          >
            {t('auth.logOut')}
          </button>
        </div>
      </div>
      {user.uid && <SavedContact uid={user.uid} areaPicker={areaPicker} />}
    </section>
  );
}

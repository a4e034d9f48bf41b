/**
 * The auth actions of the sign-in screens, the account menu and the profile (spec §3, §7): each
 * sets `loading`, runs on the SDK (loaded by auth-session.ts if it is not yet), and ends with the
 * user applied and `error` cleared, or with the spec's message for what failed.
 */
import type { Auth } from 'firebase/auth';
import { saveProfile, type Profile } from './api/save-profile';
import { applyUser, loadAuth, type Sdk } from './auth-session';
import { setState } from './auth-store';
import { signInWithProvider, type ProviderName } from './providers';

/** Runs one auth action with the spec's loading and error handling; resolves true on success. */
export async function run(action: (ctx: { sdk: Sdk; auth: Auth }) => Promise<void>): Promise<boolean> {
  setState({ loading: true, error: '' });
  try {
    const ctx = await loadAuth();
    await action(ctx);
    await applyUser(ctx.auth.currentUser);
    setState({ loading: false, error: '' });
    return true;
  } catch (error) {
    // The messages load only when something failed: most visits never need them.
    const { authErrorMessage } = await import('./auth-errors');
    setState({ loading: false, error: authErrorMessage(error) });
    return false;
  }
}

/** Saves `profile` as the user `auth` has just signed in (with their token); a refusal is ignored. */
async function saveSignedInProfile(method: 'POST' | 'PUT', auth: Auth, profile: Profile): Promise<void> {
  await saveProfile(method, profile, await auth.currentUser?.getIdToken());
}

/** Each action resolves true on success, false with `error` set (they never reject). */
export const authActions = {
  /** E-mail and password sign-in. */
  signIn: (email: string, password: string) =>
    run(({ sdk, auth }) => sdk.signInWithEmailAndPassword(auth, email, password).then(() => undefined)),

  /**
   * Creates the account, sets its display name, sends the provider's verification e-mail, then
   * `POST /api/users` (spec §7). An e-mail that could not be sent is not a failed registration:
   * the profile page offers to send it again.
   */
  register: (name: string, email: string, password: string) =>
    run(async ({ sdk, auth }) => {
      const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
      await sdk.updateProfile(user, { displayName: name });
      await sdk.sendEmailVerification(user).catch(() => undefined);
      await saveSignedInProfile('POST', auth, { email, displayName: name });
    }),

  /** Popup sign-in, then `PUT /api/users` (spec §7). */
  signInWith: (name: ProviderName) =>
    run(async ({ sdk, auth }) => {
      const provider = name === 'google' ? new sdk.GoogleAuthProvider() : new sdk.GithubAuthProvider();
      await signInWithProvider(auth, provider, sdk.signInWithPopup, (profile) =>
        saveSignedInProfile('PUT', auth, profile),
      );
    }),

  /**
   * The same provider path with an ID token from the provider instead of a popup: for the Auth
   * emulator in tests, where the popup's Google scripts cannot load.
   */
  signInWithIdToken: (name: ProviderName, idToken: string) =>
    run(async ({ sdk, auth }) => {
      const provider = name === 'google' ? new sdk.GoogleAuthProvider() : new sdk.GithubAuthProvider();
      const credential =
        name === 'google' ? sdk.GoogleAuthProvider.credential(idToken) : sdk.GithubAuthProvider.credential(idToken);
      await signInWithProvider(
        auth,
        provider,
        (a) => sdk.signInWithCredential(a, credential),
        (profile) => saveSignedInProfile('PUT', auth, profile),
      );
    }),

  /**
   * Signs out: this device's push subscription is removed first (lib/push/push-subscription.ts,
   * while the token still works); the session clears the user, the stored token and the admin flag, and forgets the
   * orders and outbox items kept on this device for the account (auth-session.ts applyUser), as
   * for a sign-out Firebase starts; resolves once they are gone.
   */
  signOut: () =>
    run(async ({ sdk, auth }) => {
      // This device's notifications go with the account (DESIGN.md §11): forgotten while still signed in.
      await import('../../lib/push/push-subscription').then((push) => push.turnPushOff()).catch(() => undefined);
      await sdk.signOut(auth);
    }),

  /** Clears the error message (the alert's close button). */
  dismissError: () => setState({ error: '' }),
};

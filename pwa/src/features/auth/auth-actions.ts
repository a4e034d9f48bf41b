/**
 * The auth actions of the sign-in screens, the account menu and the profile (spec §3, §7): each
 * sets `loading`, runs on the SDK (loaded by auth-session.ts if it is not yet), and ends with the
 * user applied and `error` cleared, or with the spec's message for what failed.
 */
import type { ApplicationVerifier, Auth, ConfirmationResult } from 'firebase/auth';
import { saveProfile, type Profile } from './api/save-profile';
import { applyUser, loadAuth, type Sdk } from './auth-session';
import { setState } from './auth-store';
import { signInWithProvider, type ProviderName } from './providers';

/** Runs one auth action with the spec's loading and error handling; resolves true on success. */
async function run(action: (ctx: { sdk: Sdk; auth: Auth }) => Promise<void>): Promise<boolean> {
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

/** The code Firebase sent by SMS, awaiting confirmation; one at a time (the last "Send code"). */
let pendingCode: ConfirmationResult | undefined;
/** The invisible reCAPTCHA phone sign-in needs in production, made once per button. */
let verifier: { button: HTMLElement; verifier: ApplicationVerifier } | undefined;

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
   * Signs out: the session clears the user, the stored token and the admin flag, and forgets the
   * orders and outbox items kept on this device for the account (auth-session.ts applyUser), as
   * for a sign-out Firebase starts; resolves once they are gone.
   */
  signOut: () =>
    run(async ({ sdk, auth }) => {
      await sdk.signOut(auth);
    }),

  /**
   * Phone sign-in, step 1: Firebase sends a one-time code by SMS to `e164` (a BD mobile number
   * in E.164, contract/phone.ts). `button` ("Send code") hosts the invisible reCAPTCHA Firebase
   * requires in production; with the Auth emulator it is not challenged (firebase.ts).
   */
  sendPhoneCode: (e164: string, button: HTMLElement) =>
    run(async ({ sdk, auth }) => {
      if (verifier?.button !== button)
        verifier = { button, verifier: new sdk.RecaptchaVerifier(auth, button, { size: 'invisible' }) };
      try {
        pendingCode = await sdk.signInWithPhoneNumber(auth, e164, verifier.verifier);
      } catch (error) {
        // A failed challenge cannot be run again: the next try makes a new one.
        (verifier.verifier as { clear?: () => void }).clear?.();
        verifier = undefined;
        throw error;
      }
    }),

  /** Phone sign-in, step 2: confirms the `code` the SMS brought; signs in on success. */
  confirmPhoneCode: (code: string) =>
    run(async () => {
      if (!pendingCode) throw Object.assign(new Error('no code sent'), { code: 'auth/missing-verification-id' });
      await pendingCode.confirm(code);
      pendingCode = undefined;
    }),

  /** Clears the error message (the alert's close button). */
  dismissError: () => setState({ error: '' }),
};

/**
 * The e-mail verification of the signed-in user (DESIGN.md §3: admin rights need a verified
 * e-mail). Unlike {@link authActions} they leave `loading` alone, so the profile page stays on
 * screen while they run.
 */
export const emailVerification = {
  /**
   * Sends the provider's verification e-mail again.
   * @returns undefined when sent, else the sentence saying why not (e.g. too many requests).
   */
  resend: async (): Promise<string | undefined> => {
    try {
      const { sdk, auth } = await loadAuth();
      if (auth.currentUser) await sdk.sendEmailVerification(auth.currentUser);
      return undefined;
    } catch (error) {
      const { authErrorMessage } = await import('./auth-errors');
      return authErrorMessage(error);
    }
  },

  /**
   * Asks the provider whether the e-mail is verified now (the link opened elsewhere, e.g. on
   * another device); once it is, takes a fresh ID token, whose `email_verified` claim is what the
   * API reads, and applies the user (the admin flag is asked again).
   * @returns true when verified; false when not yet, signed out, or the provider cannot be reached.
   */
  refresh: async (): Promise<boolean> => {
    try {
      const { auth } = await loadAuth();
      const user = auth.currentUser;
      if (!user) return false;
      await user.reload();
      if (user.emailVerified) {
        await user.getIdToken(true);
        await applyUser(user);
      }
      return user.emailVerified;
    } catch {
      return false;
    }
  },
};

/**
 * The session: loads the Firebase SDK once and follows the signed-in user into the auth state
 * (auth-store.ts), their ID token into storage (id-token.ts) and the API client's token provider,
 * and their admin flag from `GET /api/users/:email`, re-read whenever the signed-in e-mail
 * changes or becomes verified (spec §6; admin rights need a verified e-mail, DESIGN.md §3).
 *
 * The SDK is loaded only when needed: at start if a session is stored, else when a sign-in
 * screen opens (DESIGN.md §5).
 *
 * Every sign-out — the user's, or Firebase's own (account disabled, session revoked: the listener
 * gets null) — forgets what this device kept for the account (lib/offline/forget-account.ts).
 * A fresh token (the session restored, a sign-in) runs the outbox, so an order the service worker
 * could not send with a stale token leaves at once.
 */
import type { Auth, User } from 'firebase/auth';
import type * as FirebaseSdk from './firebase';
import { ApiRequestError, setTokenProvider } from '../../lib/api-client';
import { forgetAccount } from '../../lib/offline/forget-account';
import { sendAfterCurrentRun } from '../../lib/offline/outbox/runner';
import { ADMIN_EMAIL_KEY } from '../../lib/storage-keys';
import { getUser } from './api/get-user';
import { errorCode, SIGN_OUT_CODES } from './auth-error-code';
import { setState } from './auth-store';
import { hasStoredSession, storedSessionEmail, storeIdToken } from './id-token';

/** The lazily loaded Firebase module (firebase.ts). */
export type Sdk = typeof FirebaseSdk;

let loaded: Promise<{ sdk: Sdk; auth: Auth }> | undefined;
let adminLookup: { key: string; done: Promise<void> } | undefined;
/** The account (e-mail, lower case, or phone number) whose data this device keeps, until its sign-out forgets it. */
let holder: string | undefined;
let forgetting: Promise<void> = Promise.resolve();

/** Forgets `email`'s kept data, after any earlier forgetting; resolves when it is gone. */
function forget(email: string): Promise<void> {
  forgetting = forgetting.then(() => forgetAccount(email));
  return forgetting;
}

/** Remembers whether `email` is an admin (only the last admin's e-mail is kept); never throws. */
function rememberAdmin(email: string, admin: boolean): void {
  try {
    if (admin) localStorage.setItem(ADMIN_EMAIL_KEY, email);
    else if (localStorage.getItem(ADMIN_EMAIL_KEY) === email) localStorage.removeItem(ADMIN_EMAIL_KEY);
  } catch {
    // storage blocked: offline, an admin is then taken for a customer
  }
}

/** Whether `email` was last confirmed an admin on this device; false when storage is blocked. */
function wasAdmin(email: string): boolean {
  try {
    return localStorage.getItem(ADMIN_EMAIL_KEY) === email;
  } catch {
    return false;
  }
}

/**
 * Returns whether `user` (signed in as `email`) is an admin, asked with their own token. When the
 * server cannot answer (offline, or a 5xx), the last answer on this device, so an admin's tablet
 * still opens the dashboard from its saved copy (the server checks every write anyway); a 4xx
 * refusal is false.
 */
async function isAdmin(user: User, email: string): Promise<boolean> {
  try {
    const admin = (await getUser(email, await user.getIdToken())).admin === true;
    rememberAdmin(email, admin);
    return admin;
  } catch (error) {
    return !(error instanceof ApiRequestError && error.status < 500) && wasAdmin(email);
  }
}

/**
 * Applies a signed-in `user` (or null) to the auth state; resolves once the admin flag is known,
 * or, for null after a session, once the account's kept data is forgotten. Never rejects.
 */
export function applyUser(user: User | null): Promise<void> {
  // The device keys an account's data by its e-mail, else (phone sign-in) its phone number.
  const account = user?.email?.toLowerCase() || user?.phoneNumber || '';
  if (!user || !account) {
    const signedOut = holder;
    holder = undefined;
    adminLookup = undefined;
    storeIdToken(undefined);
    setState({ user: {}, admin: false, loading: false });
    return signedOut ? forget(signedOut) : forgetting;
  }
  // Another account signed in without a sign-out between: the last one's data goes too.
  if (holder !== undefined && holder !== account) void forget(holder);
  holder = account;
  setState({
    user: {
      uid: user.uid,
      email: user.email ?? '',
      phoneNumber: user.phoneNumber ?? '',
      account,
      displayName: user.displayName ?? '',
      photoURL: user.photoURL ?? '',
      emailVerified: user.emailVerified,
    },
  });
  const key = `${user.emailVerified ? 'verified' : 'unverified'} ${account}`;
  if (adminLookup?.key !== key) {
    const email = user.email;
    // An account with no e-mail (phone sign-in) is never an admin (DESIGN.md §3): nothing to ask.
    if (!email) {
      adminLookup = { key, done: Promise.resolve() };
      setState({ admin: false, loading: false });
      return adminLookup.done;
    }
    adminLookup = {
      key,
      done: isAdmin(user, email).then((admin) => {
        if (adminLookup?.key === key) setState({ admin, loading: false });
      }),
    };
  }
  return adminLookup.done;
}

/**
 * Loads the SDK once and starts following the signed-in user; returns the SDK and its Auth.
 * @throws what the SDK's chunk import throws (e.g. offline on a first visit).
 */
export function loadAuth(): Promise<{ sdk: Sdk; auth: Auth }> {
  // Whose data is kept, before the SDK says anything: when it restores no user (the account was
  // disabled while the app was closed) its first word is null, and that is this account's sign-out.
  holder ??= storedSessionEmail();
  loaded ??= import('./firebase').then((sdk) => {
    const auth = sdk.createAuth();
    sdk.onIdTokenChanged(auth, (user) => {
      void (async () => {
        try {
          storeIdToken(user ? await user.getIdToken() : undefined);
          if (user) void sendAfterCurrentRun();
        } catch (error) {
          if (SIGN_OUT_CODES.has(errorCode(error) ?? '')) await sdk.signOut(auth);
        }
        await applyUser(user);
      })();
    });
    setTokenProvider(async (forceRefresh) => {
      try {
        return await auth.currentUser?.getIdToken(forceRefresh);
      } catch (error) {
        // A disabled account or a revoked session signs the user out (spec §8).
        if (SIGN_OUT_CODES.has(errorCode(error) ?? '')) await sdk.signOut(auth);
        return undefined;
      }
    });
    return { sdk, auth };
  });
  return loaded;
}

/** Called once at start: restores a stored session quickly; otherwise the SDK waits until needed. */
export function startAuth(): void {
  if (hasStoredSession()) void loadAuth();
}

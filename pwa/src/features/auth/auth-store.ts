/**
 * Auth state exactly as spec §3: the current user (an empty object when signed out), a loading
 * flag (true at start and during each auth action), the last error message, and the admin flag
 * (from `GET /api/users/:email`, re-read whenever the signed-in e-mail changes, spec §6).
 *
 * The Firebase SDK is loaded only when needed: at start if a session exists (an ID token in
 * `localStorage.idToken`), else when a sign-in screen opens. The ID token is saved to
 * `localStorage.idToken` whenever the user or token changes and removed on sign-out.
 */
import { useSyncExternalStore } from 'react';
import type { Auth, User } from 'firebase/auth';
import type * as FirebaseSdk from './firebase';
import { setTokenProvider } from '../../lib/api-client';
import { ID_TOKEN_KEY } from '../../lib/storage-keys';
import { errorCode, SIGN_OUT_CODES } from './auth-error-code';
import { signInWithProvider, type ProviderName } from './providers';

export type SessionUser = { uid: string; email: string; displayName: string; photoURL: string };
export type AuthState = { user: Partial<SessionUser>; loading: boolean; error: string; admin: boolean };

type Sdk = typeof FirebaseSdk;

const hasStoredSession = () => {
  try {
    return localStorage.getItem(ID_TOKEN_KEY) !== null;
  } catch {
    return false;
  }
};

let state: AuthState = { user: {}, loading: hasStoredSession(), error: '', admin: false };
const listeners = new Set<() => void>();
const setState = (patch: Partial<AuthState>) => {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
};

let loaded: Promise<{ sdk: Sdk; auth: Auth }> | undefined;
let adminLookup: { email: string; done: Promise<void> } | undefined;

function storeToken(token: string | undefined): void {
  // The service worker's Background Sync has no Firebase SDK: it sends with this copy.
  void import('../../lib/offline/outbox/store').then((outbox) => outbox.storeIdTokenForSync(token)).catch(() => undefined);
  try {
    if (token) localStorage.setItem(ID_TOKEN_KEY, token);
    else localStorage.removeItem(ID_TOKEN_KEY);
  } catch {
    // storage blocked: requests still get a fresh token from the SDK
  }
}

async function readAdminFlag(user: User): Promise<boolean> {
  const res = await fetch(`/api/users/${encodeURIComponent(user.email ?? '')}`, { headers: { Authorization: `Bearer ${await user.getIdToken()}` } });
  if (!res.ok) return false;
  return ((await res.json()) as { admin?: boolean }).admin === true;
}

/** Applies a signed-in user (or null) to the state; resolves once the admin flag is known. */
function applyUser(user: User | null): Promise<void> {
  if (!user?.email) {
    adminLookup = undefined;
    storeToken(undefined);
    setState({ user: {}, admin: false, loading: false });
    return Promise.resolve();
  }
  setState({ user: { uid: user.uid, email: user.email, displayName: user.displayName ?? '', photoURL: user.photoURL ?? '' } });
  if (adminLookup?.email !== user.email) {
    const email = user.email;
    adminLookup = {
      email,
      done: readAdminFlag(user)
        .catch(() => false)
        .then((admin) => {
          if (adminLookup?.email === email) setState({ admin, loading: false });
        }),
    };
  }
  return adminLookup.done;
}

/** Loads the SDK once and starts following the signed-in user. */
export function loadAuth(): Promise<{ sdk: Sdk; auth: Auth }> {
  loaded ??= import('./firebase').then((sdk) => {
    const auth = sdk.createAuth();
    sdk.onIdTokenChanged(auth, (user) => {
      void (async () => {
        try {
          storeToken(user ? await user.getIdToken() : undefined);
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

async function saveProfile(method: 'POST' | 'PUT', auth: Auth, profile: { email: string; displayName: string }): Promise<void> {
  const token = await auth.currentUser?.getIdToken();
  await fetch('/api/users', {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(profile),
  });
}

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

export const authActions = {
  signIn: (email: string, password: string) => run(({ sdk, auth }) => sdk.signInWithEmailAndPassword(auth, email, password).then(() => undefined)),

  /** Creates the account, sets its display name, then `POST /api/users` (spec §7). */
  register: (name: string, email: string, password: string) =>
    run(async ({ sdk, auth }) => {
      const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
      await sdk.updateProfile(user, { displayName: name });
      await saveProfile('POST', auth, { email, displayName: name });
    }),

  /** Popup sign-in, then `PUT /api/users` (spec §7). */
  signInWith: (name: ProviderName) =>
    run(async ({ sdk, auth }) => {
      const provider = name === 'google' ? new sdk.GoogleAuthProvider() : new sdk.GithubAuthProvider();
      await signInWithProvider(auth, provider, sdk.signInWithPopup, (profile) => saveProfile('PUT', auth, profile));
    }),

  /**
   * The same provider path with an ID token from the provider instead of a popup: for the Auth
   * emulator in tests, where the popup's Google scripts cannot load.
   */
  signInWithIdToken: (name: ProviderName, idToken: string) =>
    run(async ({ sdk, auth }) => {
      const provider = name === 'google' ? new sdk.GoogleAuthProvider() : new sdk.GithubAuthProvider();
      const credential = name === 'google' ? sdk.GoogleAuthProvider.credential(idToken) : sdk.GithubAuthProvider.credential(idToken);
      await signInWithProvider(auth, provider, (a) => sdk.signInWithCredential(a, credential), (profile) => saveProfile('PUT', auth, profile));
    }),

  signOut: () => run(({ sdk, auth }) => sdk.signOut(auth)),

  dismissError: () => setState({ error: '' }),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The auth state; re-renders on every change. */
export const useAuth = (): AuthState => useSyncExternalStore(subscribe, () => state);

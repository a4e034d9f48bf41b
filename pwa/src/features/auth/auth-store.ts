/**
 * The auth state exactly as spec §3, and nothing else: the current user (an empty object when
 * signed out), a loading flag (true at start while a stored session is restored, and during each
 * auth action), the last error message, and the admin flag. auth-session.ts and auth-actions.ts
 * change it; screens read it with useAuth.
 */
import { useSyncExternalStore } from 'react';
import { hasStoredSession } from './id-token';

/**
 * The signed-in user; `emailVerified` is the provider's word that the e-mail is confirmed (admin
 * rights need it). `email` is '' and `phoneNumber` (E.164) set for an account signed in with a
 * phone number. `account` is whose data this device keeps — the e-mail (lower case), else the
 * phone number — and is set exactly while someone is signed in.
 */
export type SessionUser = {
  uid: string;
  email: string;
  phoneNumber: string;
  account: string;
  displayName: string;
  photoURL: string;
  emailVerified: boolean;
};
export type AuthState = { user: Partial<SessionUser>; loading: boolean; error: string; admin: boolean };

let state: AuthState = { user: {}, loading: hasStoredSession(), error: '', admin: false };
/** The state of a prerendered page and its hydrating render: signed out, nothing loading. */
const serverState: AuthState = { user: {}, loading: false, error: '', admin: false };
const listeners = new Set<() => void>();

/** Merges `patch` into the auth state and notifies every subscriber. */
export function setState(patch: Partial<AuthState>): void {
  state = { ...state, ...patch };
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Returns the auth state; the component re-renders on every change. */
export const useAuth = (): AuthState =>
  useSyncExternalStore(
    subscribe,
    () => state,
    () => serverState,
  );

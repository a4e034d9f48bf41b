/**
 * Test-only hooks, bundled only when VITE_E2E=1 (the e2e build): provider sign-in by ID token,
 * an immediate service-worker update check (the app checks every 30 minutes), a run of the
 * outbox sender (to race it on purpose), and a forced ID-token refresh (Firebase checks a revoked
 * or disabled account only then, about hourly).
 */
import { authActions } from '../features/auth/auth-actions';
import { currentIdToken } from '../lib/api-client';
import { sendNow } from '../lib/offline/outbox/runner';
import { checkForUpdate } from '../features/offline/service-worker';

/** The hooks on `window.tazaHaatE2E`; the e2e suite drives them through this type too. */
export type E2EHooks = {
  signInWithIdToken: typeof authActions.signInWithIdToken;
  checkForUpdate: typeof checkForUpdate;
  sendNow: typeof sendNow;
  /** Asks Firebase for a new ID token now; resolves with it, or undefined when that signed the user out. */
  refreshIdToken: () => Promise<string | undefined>;
};

declare global {
  interface Window {
    tazaHaatE2E?: E2EHooks;
  }
}

window.tazaHaatE2E = {
  signInWithIdToken: authActions.signInWithIdToken,
  checkForUpdate,
  sendNow,
  refreshIdToken: () => currentIdToken(true),
};

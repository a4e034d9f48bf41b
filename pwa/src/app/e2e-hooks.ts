/**
 * Test-only hooks, bundled only when VITE_E2E=1 (the e2e build): provider sign-in by ID token,
 * an immediate service-worker update check (the app checks every 30 minutes), a run of the
 * outbox sender (to race it on purpose).
 */
import { authActions } from '../features/auth/auth-store';
import { sendNow } from '../lib/offline/outbox/runner';
import { checkForUpdate } from '../features/offline/service-worker';

declare global {
  interface Window {
    tazaHaatE2E?: {
      signInWithIdToken: typeof authActions.signInWithIdToken;
      checkForUpdate: typeof checkForUpdate;
      sendNow: typeof sendNow;
    };
  }
}

window.tazaHaatE2E = { signInWithIdToken: authActions.signInWithIdToken, checkForUpdate, sendNow };

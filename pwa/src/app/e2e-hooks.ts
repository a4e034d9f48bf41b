/**
 * Test-only hooks, bundled only when VITE_E2E=1 (the e2e build): provider sign-in by ID token,
 * and an immediate service-worker update check (the app checks every 30 minutes).
 */
import { authActions } from '../features/auth/auth-store';
import { checkForUpdate } from '../features/offline/service-worker';


declare global {
  interface Window {
    tazaHaatE2E?: { signInWithIdToken: typeof authActions.signInWithIdToken; checkForUpdate: typeof checkForUpdate };
  }
}

window.tazaHaatE2E = { signInWithIdToken: authActions.signInWithIdToken, checkForUpdate };

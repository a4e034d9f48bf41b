/** Test-only hooks, bundled only when VITE_E2E=1 (the e2e build): provider sign-in by ID token. */
import { authActions } from './auth-store';

declare global {
  interface Window {
    tazaHaatE2E?: { signInWithIdToken: typeof authActions.signInWithIdToken };
  }
}

window.tazaHaatE2E = { signInWithIdToken: authActions.signInWithIdToken };

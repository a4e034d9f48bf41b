/**
 * The Firebase web SDK (modular `firebase/auth`), in its own lazy chunk: the shop's first paint
 * never waits for it (DESIGN.md §5). Sessions persist in IndexedDB (then localStorage), and the
 * Auth emulator is used when VITE_FIREBASE_AUTH_EMULATOR_HOST is set (the default `npm start`).
 * Phone sign-in (`signInWithPhoneNumber`) needs an invisible `RecaptchaVerifier` in production.
 */
import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserPopupRedirectResolver,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { DEMO_PROJECT_ID } from '@contract/local-run';

export {
  createUserWithEmailAndPassword,
  GithubAuthProvider,
  GoogleAuthProvider,
  onIdTokenChanged,
  RecaptchaVerifier,
  sendEmailVerification,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPhoneNumber,
  signInWithPopup,
  signOut,
  updateProfile,
} from 'firebase/auth';

/** Initialises Firebase Auth from the VITE_FIREBASE_* build variables. */
export function createAuth(): Auth {
  const env = import.meta.env;
  const projectId = env.VITE_FIREBASE_PROJECT_ID || DEMO_PROJECT_ID;
  const app = initializeApp({
    // The emulator accepts any API key; a real project sets VITE_FIREBASE_API_KEY.
    apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
    appId: env.VITE_FIREBASE_APP_ID || undefined,
  });
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence],
    popupRedirectResolver: browserPopupRedirectResolver,
  });
  if (env.VITE_FIREBASE_AUTH_EMULATOR_HOST) {
    connectAuthEmulator(auth, `http://${env.VITE_FIREBASE_AUTH_EMULATOR_HOST}`, { disableWarnings: true });
    // The emulator sends no SMS and checks no reCAPTCHA: phone sign-in skips the challenge there
    // (Firebase docs, "Test with fictional phone numbers"). Never set for a real project.
    auth.settings.appVerificationDisabledForTesting = true;
  }
  return auth;
}

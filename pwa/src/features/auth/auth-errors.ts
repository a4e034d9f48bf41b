/**
 * Clear sentences for the Firebase Auth error codes of spec §8 (Firebase docs, "Admin
 * Authentication API Errors" / "AuthErrorCodes"); unknown codes keep the provider's message.
 */
import { errorCode } from './auth-error-code';

const messages: Record<string, string> = {
  'auth/email-already-in-use': 'An account with this e-mail already exists. Log in instead.',
  'auth/wrong-password': 'Wrong e-mail or password.',
  'auth/invalid-credential': 'Wrong e-mail or password.',
  'auth/invalid-login-credentials': 'Wrong e-mail or password.',
  'auth/user-not-found': 'No account uses this e-mail. Register first.',
  'auth/invalid-email': 'That e-mail address is not valid.',
  'auth/missing-password': 'Enter your password.',
  'auth/weak-password': 'Choose a password of at least 6 characters.',
  'auth/too-many-requests': 'Too many attempts. Wait a few minutes, then try again.',
  'auth/network-request-failed': 'No connection. Check your internet and try again.',
  'auth/user-disabled': 'This account has been disabled.',
  'auth/user-token-expired': 'Your session has expired. Log in again.',
  'auth/requires-recent-login': 'For your security, log in again first.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
  'auth/invalid-action-code': 'This link is not valid any more. Ask for a new one.',
  'auth/invalid-verification-code': 'That code is not right. Check it and try again.',
  'auth/credential-already-in-use': 'This sign-in is already linked to another account.',
  'auth/account-exists-with-different-credential': 'This e-mail already signs in another way. Use that method.',
  'auth/operation-not-allowed': 'This way of signing in is not turned on.',
  'auth/popup-blocked': 'The sign-in window was blocked. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user': 'The sign-in window was closed before you finished.',
  'auth/cancelled-popup-request': 'Only one sign-in window can be open at a time.',
  'auth/unauthorized-domain': 'Sign-in is not set up for this web address.',
  'auth/invalid-api-key': 'Sign-in is not set up correctly (invalid API key).',
  'auth/web-storage-unsupported': 'Your browser blocks the storage sign-in needs. Turn off private mode and try again.',
};

/** A sentence for the user about a failed sign-in, registration or sign-out. */
export function authErrorMessage(error: unknown): string {
  const code = errorCode(error);
  if (code && messages[code]) return messages[code];
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.';
}

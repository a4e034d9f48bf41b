/**
 * Clear sentences for the Firebase Auth error codes of spec §8 (Firebase docs, "Admin
 * Authentication API Errors" / "AuthErrorCodes"), in the language shown; unknown codes keep the
 * provider's message in English (Bangla: a general sentence), and the API's refusals (the sign-in's
 * own requests) are said as lib/i18n/api-errors.ts says them.
 */
import { apiErrorText } from '../../lib/i18n/api-errors';
import { currentLocale, t } from '../../lib/i18n/i18n';
import { errorCode } from './auth-error-code';

const messages: Record<string, () => string> = {
  'auth/email-already-in-use': () => t('auth.error.emailInUse'),
  'auth/wrong-password': () => t('auth.error.wrongPassword'),
  'auth/invalid-credential': () => t('auth.error.wrongPassword'),
  'auth/invalid-login-credentials': () => t('auth.error.wrongPassword'),
  'auth/user-not-found': () => t('auth.error.userNotFound'),
  'auth/invalid-email': () => t('auth.error.invalidEmail'),
  'auth/missing-password': () => t('auth.error.missingPassword'),
  'auth/weak-password': () => t('auth.error.weakPassword'),
  'auth/too-many-requests': () => t('auth.error.tooManyRequests'),
  'auth/network-request-failed': () => t('auth.error.network'),
  'auth/user-disabled': () => t('auth.error.userDisabled'),
  'auth/user-token-expired': () => t('auth.error.tokenExpired'),
  'auth/requires-recent-login': () => t('auth.error.recentLogin'),
  'auth/expired-action-code': () => t('auth.error.expiredCode'),
  'auth/invalid-action-code': () => t('auth.error.invalidCode'),
  'auth/invalid-verification-code': () => t('auth.error.invalidVerificationCode'),
  'auth/missing-verification-code': () => t('auth.phone.enterCode'),
  'auth/code-expired': () => t('auth.error.codeExpired'),
  'auth/missing-verification-id': () => t('auth.error.missingCode'),
  'auth/invalid-verification-id': () => t('auth.error.missingCode'),
  'auth/invalid-phone-number': () => t('auth.error.invalidPhone'),
  'auth/missing-phone-number': () => t('auth.error.invalidPhone'),
  'auth/quota-exceeded': () => t('auth.error.smsQuota'),
  'auth/captcha-check-failed': () => t('auth.error.captcha'),
  'auth/invalid-app-credential': () => t('auth.error.captcha'),
  'auth/credential-already-in-use': () => t('auth.error.credentialInUse'),
  'auth/account-exists-with-different-credential': () => t('auth.error.otherCredential'),
  'auth/operation-not-allowed': () => t('auth.error.notAllowed'),
  'auth/popup-blocked': () => t('auth.error.popupBlocked'),
  'auth/popup-closed-by-user': () => t('auth.error.popupClosed'),
  'auth/cancelled-popup-request': () => t('auth.error.popupCancelled'),
  'auth/unauthorized-domain': () => t('auth.error.unauthorizedDomain'),
  'auth/invalid-api-key': () => t('auth.error.invalidApiKey'),
  'auth/web-storage-unsupported': () => t('auth.error.storage'),
};

/** A sentence for the user about a failed sign-in, registration or sign-out. */
export function authErrorMessage(error: unknown): string {
  const code = errorCode(error);
  const message = messages[code ?? ''];
  if (message) return message();
  // Firebase's own words are English.
  if (code?.startsWith('auth/') && currentLocale() === 'bn') return t('auth.error.other');
  return apiErrorText(error, t('auth.error.other'));
}

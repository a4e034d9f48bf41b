/**
 * Phone-number sign-in (DESIGN.md §3), apart from the other auth actions so that only the phone
 * step of /login and /register loads it: Firebase sends a one-time code by SMS, then confirms it.
 * Each action resolves true on success, false with `error` set (auth-actions.ts run).
 */
import type { ApplicationVerifier, ConfirmationResult } from 'firebase/auth';
import { run } from './auth-actions';

/** The code Firebase sent by SMS, awaiting confirmation; one at a time (the last "Send code"). */
let pendingCode: ConfirmationResult | undefined;
/** The invisible reCAPTCHA phone sign-in needs in production, made once per button. */
let verifier: { button: HTMLElement; verifier: ApplicationVerifier } | undefined;

export const phoneActions = {
  /**
   * Phone sign-in, step 1: Firebase sends a one-time code by SMS to `e164` (a BD mobile number
   * in E.164, contract/phone.ts). `button` ("Send code") hosts the invisible reCAPTCHA Firebase
   * requires in production; with the Auth emulator it is not challenged (firebase.ts).
   */
  sendPhoneCode: (e164: string, button: HTMLElement) =>
    run(async ({ sdk, auth }) => {
      if (verifier?.button !== button)
        verifier = { button, verifier: new sdk.RecaptchaVerifier(auth, button, { size: 'invisible' }) };
      try {
        pendingCode = await sdk.signInWithPhoneNumber(auth, e164, verifier.verifier);
      } catch (error) {
        // A failed challenge cannot be run again: the next try makes a new one.
        (verifier.verifier as { clear?: () => void }).clear?.();
        verifier = undefined;
        throw error;
      }
    }),

  /** Phone sign-in, step 2: confirms the `code` the SMS brought; signs in on success. */
  confirmPhoneCode: (code: string) =>
    run(async () => {
      if (!pendingCode) throw Object.assign(new Error('no code sent'), { code: 'auth/missing-verification-id' });
      await pendingCode.confirm(code);
      pendingCode = undefined;
    }),
};

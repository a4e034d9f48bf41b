import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-errors';

describe('sign-in error messages (spec §8)', () => {
  it.each([
    ['auth/wrong-password', 'Wrong e-mail or password.'],
    ['auth/user-not-found', 'No account uses this e-mail. Register first.'],
    ['auth/too-many-requests', 'Too many attempts. Wait a few minutes, then try again.'],
    ['auth/network-request-failed', 'No connection. Check your internet and try again.'],
    ['auth/email-already-in-use', 'An account with this e-mail already exists. Log in instead.'],
    ['auth/invalid-verification-code', 'That code is not right. Check it and try again.'],
    ['auth/code-expired', 'This code has expired. Send a new one.'],
    [
      'auth/invalid-phone-number',
      'That phone number is not valid. Enter a Bangladeshi mobile number, e.g. 01711-223344.',
    ],
  ])('%s → %s', (code, message) => {
    expect(authErrorMessage(Object.assign(new Error('Firebase: Error'), { code }))).toBe(message);
  });

  it("keeps the provider's message for codes it does not know", () => {
    expect(
      authErrorMessage(
        Object.assign(new Error('Firebase: something new (auth/brand-new).'), { code: 'auth/brand-new' }),
      ),
    ).toBe('Firebase: something new (auth/brand-new).');
  });
});

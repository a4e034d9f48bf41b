/** Reading Firebase Auth errors (the messages for users are in auth-errors.ts, loaded on a failure). */

/** Codes after which the user is signed out (spec §8). */
export const SIGN_OUT_CODES = new Set(['auth/user-disabled', 'auth/user-token-expired']);

/** The Firebase error code of `error`, if it has one. */
export const errorCode = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

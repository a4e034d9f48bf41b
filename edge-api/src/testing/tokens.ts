/**
 * ID tokens shaped like the Firebase Auth emulator's: unsigned (`alg: none`) JWTs with the
 * claims Firebase sets (iss, aud, sub, user_id, email, iat, exp, auth_time, firebase).
 */
import { DEMO_PROJECT_ID } from '../contract/local-run';

/**
 * Who a test token names. `emailVerified` is its `email_verified` claim: true unless said (the
 * test users' e-mails are confirmed, as the seeded admin's is); false for a fresh e-mail sign-up.
 */
export type TokenClaims = { uid: string; email: string; name?: string; picture?: string; emailVerified?: boolean };

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The claims Firebase puts in an ID token for `projectId`, issued `ageS` seconds ago. */
export function firebaseClaims(user: TokenClaims, projectId: string, ageS = 0): Record<string, unknown> {
  const iat = Math.floor(Date.now() / 1000) - ageS;
  return {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: iat,
    user_id: user.uid,
    sub: user.uid,
    iat,
    exp: iat + 3600,
    email: user.email,
    email_verified: user.emailVerified ?? true,
    ...(user.name ? { name: user.name } : {}),
    ...(user.picture ? { picture: user.picture } : {}),
    firebase: { identities: { email: [user.email] }, sign_in_provider: 'password' },
  };
}

/** An unsigned emulator-style token; `claims` override the defaults. */
export function emulatorToken(
  user: TokenClaims,
  projectId = DEMO_PROJECT_ID,
  claims: Record<string, unknown> = {},
): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ ...firebaseClaims(user, projectId), ...claims })}.`;
}

/**
 * Sign-in with Google and GitHub by popup (500×600, spec §7 — the SDK opens it at that size),
 * then the profile is saved with `PUT /api/users` (spec §7). `signIn` is injected so the same
 * path runs for the popup and, in tests, for `signInWithCredential`.
 */
import type { Auth, AuthProvider, UserCredential } from 'firebase/auth';

export type ProviderName = 'google' | 'github';

/** The Firebase provider id for each button. */
export const providerIds: Record<ProviderName, string> = { google: 'google.com', github: 'github.com' };

/**
 * Signs in with `provider` through `signIn` (signInWithPopup in the app), then saves the
 * profile with `saveProfile`. Resolves with the credential; rejects with the provider's error.
 */
export async function signInWithProvider(
  auth: Auth,
  provider: AuthProvider,
  signIn: (auth: Auth, provider: AuthProvider) => Promise<UserCredential>,
  saveProfile: (profile: { email: string; displayName: string }) => Promise<void>,
): Promise<UserCredential> {
  const credential = await signIn(auth, provider);
  const { email, displayName } = credential.user;
  if (email) await saveProfile({ email, displayName: displayName ?? '' });
  return credential;
}

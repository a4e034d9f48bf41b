import type { Auth, AuthProvider, UserCredential } from 'firebase/auth';
import { GithubAuthProvider, GoogleAuthProvider } from 'firebase/auth';
import { describe, expect, it, vi } from 'vitest';
import { providerIds, signInWithProvider } from './providers';

const auth = {} as Auth;
const credentialFor = (email: string | null, displayName: string | null) =>
  ({ user: { email, displayName } }) as unknown as UserCredential;

describe('provider sign-in', () => {
  it.each([
    ['google', new GoogleAuthProvider()],
    ['github', new GithubAuthProvider()],
  ] as const)('calls the popup with the %s provider, then PUTs the profile', async (name, provider) => {
    const popup = vi.fn(async (_auth: Auth, _provider: AuthProvider) => credentialFor('rahim@example.test', 'Rahim'));
    const save = vi.fn(async () => undefined);
    await signInWithProvider(auth, provider, popup, save);
    expect(popup).toHaveBeenCalledTimes(1);
    expect(popup.mock.calls[0]?.[1].providerId).toBe(providerIds[name]);
    expect(save).toHaveBeenCalledWith({ email: 'rahim@example.test', displayName: 'Rahim' });
  });

  it('saves nothing when the popup fails', async () => {
    const save = vi.fn(async () => undefined);
    const popup = vi.fn(async () =>
      Promise.reject(Object.assign(new Error('closed'), { code: 'auth/popup-closed-by-user' })),
    );
    await expect(signInWithProvider(auth, new GoogleAuthProvider(), popup, save)).rejects.toThrow('closed');
    expect(save).not.toHaveBeenCalled();
  });
});

/**
 * Verifying the signed-in user's e-mail (DESIGN.md §3), apart from the other auth actions so
 * that only the profile page loads it.
 */
import { applyUser, loadAuth } from './auth-session';

/**
 * The e-mail verification of the signed-in user (DESIGN.md §3: admin rights need a verified
 * e-mail). Unlike the auth actions (auth-actions.ts) they leave `loading` alone, so the profile page stays on
 * screen while they run.
 */
export const emailVerification = {
  /**
   * Sends the provider's verification e-mail again.
   * @returns undefined when sent, else the sentence saying why not (e.g. too many requests).
   */
  resend: async (): Promise<string | undefined> => {
    try {
      const { sdk, auth } = await loadAuth();
      if (auth.currentUser) await sdk.sendEmailVerification(auth.currentUser);
      return undefined;
    } catch (error) {
      const { authErrorMessage } = await import('./auth-errors');
      return authErrorMessage(error);
    }
  },

  /**
   * Asks the provider whether the e-mail is verified now (the link opened elsewhere, e.g. on
   * another device); once it is, takes a fresh ID token, whose `email_verified` claim is what the
   * API reads, and applies the user (the admin flag is asked again).
   * @returns true when verified; false when not yet, signed out, or the provider cannot be reached.
   */
  refresh: async (): Promise<boolean> => {
    try {
      const { auth } = await loadAuth();
      const user = auth.currentUser;
      if (!user) return false;
      await user.reload();
      if (user.emailVerified) {
        await user.getIdToken(true);
        await applyUser(user);
      }
      return user.emailVerified;
    } catch {
      return false;
    }
  },
};

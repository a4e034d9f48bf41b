/**
 * The signed-in user's Firebase ID token, kept outside the SDK: in localStorage under
 * ID_TOKEN_KEY — while it is there a session is stored: the SDK loads at start, and index.html
 * does not preload the catalogue (a signed-in request differs) — and in IndexedDB for the service
 * worker's Background Sync, which has no Firebase SDK. Removed on sign-out.
 */
import { emailOfIdToken } from '../../lib/offline/outbox/protocol';
import { ID_TOKEN_KEY } from '../../lib/storage-keys';

/** The outbox's token store, loaded only when a token changes (it brings Dexie). */
const outboxStore = () => import('../../lib/offline/outbox/store');

/** Returns true when a session is stored (an ID token in localStorage); false when storage is blocked. */
export function hasStoredSession(): boolean {
  try {
    return localStorage.getItem(ID_TOKEN_KEY) !== null;
  } catch {
    return false;
  }
}

/** The e-mail of the stored session's account (lower case); undefined when none is stored or storage is blocked. */
export function storedSessionEmail(): string | undefined {
  try {
    const token = localStorage.getItem(ID_TOKEN_KEY);
    return token ? emailOfIdToken(token) : undefined;
  } catch {
    return undefined;
  }
}

/** Stores `token` in both places, or removes it from both when undefined; never throws. */
export function storeIdToken(token: string | undefined): void {
  void outboxStore()
    .then((outbox) => outbox.storeIdTokenForSync(token))
    .catch(() => undefined);
  try {
    if (token) localStorage.setItem(ID_TOKEN_KEY, token);
    else localStorage.removeItem(ID_TOKEN_KEY);
  } catch {
    // storage blocked: requests still get a fresh token from the SDK
  }
}

/**
 * localStorage keys that are also read outside the module that writes them — by the inline
 * preload script index.html gets at build time (pwa/route-preload.ts), before any app code runs.
 */

/** The signed-in user's last ID token (auth-store.ts); present while a session is stored. */
export const ID_TOKEN_KEY = 'idToken';

/** Present once `table` is mirrored in IndexedDB (catalogue-mirror.ts). */
export const mirroredKey = (table: 'products' | 'reviews') => `${table}Mirrored`;

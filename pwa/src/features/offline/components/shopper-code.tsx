import { useRoleCode } from '../worker';

/**
 * Renders nothing; has the service worker cache a signed-in shopper's code (checkout, My Orders,
 * the profile: useRoleCode `shopper`). The layout renders it lazily, once settled and only while
 * someone is signed in, so neither a page's first load nor a signed-out visit carries it.
 */
export function ShopperCode() {
  useRoleCode('shopper');
  return null;
}

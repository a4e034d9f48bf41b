/** Filling the shop's cart for browser tests, without clicking through the shop. */
import type { Product } from '@contract/catalogue';
import type { Page } from 'playwright-core';

/**
 * Puts `lines` (product name, sale units) in `page`'s cart, priced from the catalogue at
 * `productsUrl` (`/api/products`). The cart lives in IndexedDB; it is emptied there so the next
 * load imports the `localStorage` copy, as the app does whenever IndexedDB holds no cart.
 */
export async function fillCart(page: Page, productsUrl: string, lines: Array<[string, number]>): Promise<void> {
  const products = (await (await fetch(productsUrl)).json()) as Product[];
  const items = lines.map(([name, cartQuantity]) => ({ ...products.find((p) => p.name === name), cartQuantity }));
  await page.evaluate(async (cart) => {
    localStorage.setItem('cartItems', JSON.stringify(cart));
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('taza-haat');
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const tx = open.result.transaction('cart', 'readwrite');
        tx.objectStore('cart').clear();
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
      };
    });
  }, items);
}

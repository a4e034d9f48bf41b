/**
 * Putting an order's lines back in the cart (My Orders' "Order again", a refused order's "Back to
 * cart" and its sends): at today's prices and stock, never the order's own. Here in app/, as it
 * composes three features (the cart, the catalogue and its offline mirror).
 */
import type { Product } from '@contract/catalogue';
import type { QueryClient } from '@tanstack/react-query';
import { readMirror } from '../lib/offline/catalogue-mirror';
import { linesToOrderAgain, type PastLine } from '../features/cart/cart-model';
import { cartActions } from '../features/cart/cart-store';
import { productsQueryOptions } from '../features/catalogue/api/get-products';

/**
 * Adds `past` lines to the cart from the catalogue as the server has it now, else (offline, or
 * the server unreachable) as this device last saw it; what is out of stock or gone is named
 * (cartActions.addLines). @returns whether any line went into the cart.
 */
export async function toCartAtTodaysPrices(client: QueryClient, past: readonly PastLine[]): Promise<boolean> {
  const catalogue = await client
    .fetchQuery({ ...productsQueryOptions(), staleTime: 0 })
    .catch(() => readMirror<Product>('products').then((mirrored) => mirrored?.rows ?? []));
  const { lines, skipped } = linesToOrderAgain(past, catalogue);
  return cartActions.addLines(lines, skipped);
}

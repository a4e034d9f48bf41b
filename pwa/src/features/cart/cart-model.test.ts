import { describe, expect, it } from 'vitest';
import type { Product } from '@contract/catalogue';
import { addToCart, badgeLabel, cartTotals, clearCart, decreaseInCart, parseCart, removeFromCart, type Cart } from './cart-model';

const carrot: Product = { _id: 'c1', name: 'Carrot (Gajor)', price: 60, image: '/products/carrot.webp', category: 'vegetable', season: 'winter', nameBn: 'গাজর', inStock: true };
const mango: Product = { _id: 'm1', name: 'Himsagar Mango', price: 12.5, image: '/products/himsagar-mango.webp', category: 'fruit', season: 'summer', nameBn: null, inStock: true };
/** `product` as a cart line of `cartQuantity` kg: whether it is in stock is not stored. */
const line = ({ inStock: _inStock, ...product }: Product, cartQuantity: number) => ({ ...product, cartQuantity });

describe('cart rules (spec §4)', () => {
  it('adds a new product with quantity 1 and says so', () => {
    expect(addToCart([], carrot)).toEqual({ cart: [line(carrot, 1)], message: 'Carrot (Gajor) added to cart', kind: 'success' });
  });

  it('raises an existing product by 1 with an info toast', () => {
    const { cart } = addToCart([], carrot);
    expect(addToCart(cart, carrot)).toEqual({ cart: [line(carrot, 2)], message: 'Increased Carrot (Gajor) Quantity', kind: 'info' });
  });

  it('never goes above 100 kg on one line', () => {
    const cart: Cart = [line(carrot, 100)];
    expect(addToCart(cart, carrot).cart[0]?.cartQuantity).toBe(100);
  });

  it('decreases by 1, and removes the line at quantity 1', () => {
    const two: Cart = [line(carrot, 2)];
    expect(decreaseInCart(two, 'c1')).toEqual({ cart: [line(carrot, 1)], message: 'Carrot (Gajor) decreases quantity', kind: 'info' });
    expect(decreaseInCart([line(carrot, 1)], 'c1')).toEqual({ cart: [], message: 'Carrot (Gajor) removed from cart', kind: 'error' });
  });

  it('removes a line and clears the cart', () => {
    const cart: Cart = [line(carrot, 3), line(mango, 1)];
    expect(removeFromCart(cart, 'c1')).toEqual({ cart: [line(mango, 1)], message: 'Carrot (Gajor) removed from cart', kind: 'error' });
    expect(clearCart()).toEqual({ cart: [], message: 'Cart Cleared', kind: 'error' });
    expect(removeFromCart(cart, 'nope')).toBeUndefined();
  });

  it('totals quantity and amount (Σ price × quantity) without float noise', () => {
    expect(cartTotals([line(carrot, 3), line(mango, 2)])).toEqual({ cartTotalQuantity: 5, cartTotalAmount: 205 });
    expect(cartTotals([{ ...carrot, price: 0.1, cartQuantity: 1 }, { ...mango, price: 0.2, cartQuantity: 1 }]).cartTotalAmount).toBe(0.3);
    expect(cartTotals([])).toEqual({ cartTotalQuantity: 0, cartTotalAmount: 0 });
  });

  it('caps the badge at 99', () => {
    expect([0, 1, 99, 100, 250].map(badgeLabel)).toEqual(['0', '1', '99', '99+', '99+']);
  });
});

describe('localStorage.cartItems format', () => {
  it('reads back what JSON.stringify wrote: the product fields plus cartQuantity', () => {
    const cart = addToCart(addToCart([], carrot).cart, mango).cart;
    const json = JSON.stringify(cart);
    expect(JSON.parse(json)).toEqual([
      line(carrot, 1),
      line(mango, 1),
    ]);
    expect(parseCart(json)).toEqual(cart);
  });

  it('reads missing, corrupt or tampered data as an empty cart', () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart('{not json')).toEqual([]);
    expect(parseCart(JSON.stringify([{ ...carrot, cartQuantity: -2 }]))).toEqual([]);
    expect(parseCart(JSON.stringify([{ ...carrot, cartQuantity: 1.5 }]))).toEqual([]);
    expect(parseCart(JSON.stringify([line(carrot, 101)]))).toEqual([]);
    expect(parseCart(JSON.stringify([{ ...carrot, price: '60', cartQuantity: 1 }]))).toEqual([]);
    expect(parseCart(JSON.stringify([{ ...carrot, category: 'meat', cartQuantity: 1 }]))).toEqual([]);
    expect(parseCart(JSON.stringify(line(carrot, 1)))).toEqual([]);
  });

  it('keeps only the fields of a line item', () => {
    expect(parseCart(JSON.stringify([{ ...carrot, cartQuantity: 2, note: 'extra' }]))).toEqual([line(carrot, 2)]);
  });
});

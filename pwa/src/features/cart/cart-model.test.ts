import { describe, expect, it } from 'vitest';
import type { Product } from '@contract/catalogue';
import {
  addLinesToCart,
  addToCart,
  badgeLabel,
  cartTotals,
  clearCart,
  decreaseInCart,
  linesToOrderAgain,
  parseCart,
  removeFromCart,
  unavailableLines,
  type Cart,
} from './cart-model';
import { atTodaysPrices } from './todays-prices';

const carrot: Product = {
  _id: 'c1',
  name: 'Carrot (Gajor)',
  price: 60,
  image: '/products/carrot.webp',
  category: 'vegetable',
  season: 'winter',
  nameBn: 'গাজর',
  inStock: true,
  stock: null,
  unit: 'kg',
  unitSize: 1,
  weightTolerance: null,
};
const mango: Product = {
  _id: 'm1',
  name: 'Himsagar Mango',
  price: 12.5,
  image: '/products/himsagar-mango.webp',
  category: 'fruit',
  season: 'summer',
  nameBn: null,
  inStock: true,
  stock: null,
  unit: 'kg',
  unitSize: 1,
  weightTolerance: null,
};
/** `product` as a cart line of `cartQuantity` kg: whether it is in stock is not stored. */
const line = ({ inStock: _inStock, stock: _stock, ...product }: Product, cartQuantity: number) => ({
  ...product,
  cartQuantity,
});

describe('cart rules (spec §4)', () => {
  it('adds a new product with quantity 1 and says so', () => {
    expect(addToCart([], carrot)).toEqual({
      cart: [line(carrot, 1)],
      message: 'Carrot (Gajor) added to cart',
      kind: 'success',
    });
  });

  it('raises an existing product by 1 with an info toast', () => {
    const { cart } = addToCart([], carrot);
    expect(addToCart(cart, carrot)).toEqual({
      cart: [line(carrot, 2)],
      message: 'Increased Carrot (Gajor) Quantity',
      kind: 'info',
    });
  });

  it('never goes above 100 kg on one line', () => {
    const cart: Cart = [line(carrot, 100)];
    expect(addToCart(cart, carrot).cart[0]?.cartQuantity).toBe(100);
  });

  it('decreases by 1, and removes the line at quantity 1', () => {
    const two: Cart = [line(carrot, 2)];
    expect(decreaseInCart(two, 'c1')).toEqual({
      cart: [line(carrot, 1)],
      message: 'Carrot (Gajor) decreases quantity',
      kind: 'info',
    });
    expect(decreaseInCart([line(carrot, 1)], 'c1')).toEqual({
      cart: [],
      message: 'Carrot (Gajor) removed from cart',
      kind: 'error',
    });
  });

  it('removes a line and clears the cart', () => {
    const cart: Cart = [line(carrot, 3), line(mango, 1)];
    expect(removeFromCart(cart, 'c1')).toEqual({
      cart: [line(mango, 1)],
      message: 'Carrot (Gajor) removed from cart',
      kind: 'error',
    });
    expect(clearCart()).toEqual({ cart: [], message: 'Cart Cleared', kind: 'error' });
    expect(removeFromCart(cart, 'nope')).toBeUndefined();
  });

  it('totals quantity and amount (Σ price × quantity) without float noise', () => {
    expect(cartTotals([line(carrot, 3), line(mango, 2)])).toEqual({ cartTotalQuantity: 5, cartTotalAmount: 205 });
    expect(
      cartTotals([
        { ...carrot, price: 0.1, cartQuantity: 1 },
        { ...mango, price: 0.2, cartQuantity: 1 },
      ]).cartTotalAmount,
    ).toBe(0.3);
    expect(cartTotals([])).toEqual({ cartTotalQuantity: 0, cartTotalAmount: 0 });
  });

  it('caps the badge at 99', () => {
    expect([0, 1, 99, 100, 250].map(badgeLabel)).toEqual(['0', '1', '99', '99+', '99+']);
  });
});

describe('order again', () => {
  const avocado: Product = {
    _id: 'a1',
    name: 'Avocado',
    price: 450,
    image: '/products/avocado.webp',
    category: 'fruit',
    season: null,
    nameBn: null,
    inStock: false,
    stock: null,
    unit: 'kg',
    unitSize: 1,
    weightTolerance: null,
  };
  const catalogue = [{ ...carrot, price: 70 }, mango, avocado];

  it('takes the products as the catalogue has them today, same kilograms; skips those out of stock or gone, by name', () => {
    const past = [
      { _id: 'c1', name: 'Carrot (Gajor)', cartQuantity: 3 },
      { _id: 'a1', name: 'Avocado', cartQuantity: 1 },
      { _id: 'gone', name: 'Durian', cartQuantity: 2 },
      { _id: 'm1', name: 'Himsagar Mango', cartQuantity: 5 },
    ];
    expect(linesToOrderAgain(past, catalogue)).toEqual({
      lines: [
        { product: { ...carrot, price: 70 }, cartQuantity: 3 },
        { product: mango, cartQuantity: 5 },
      ],
      skipped: ['Avocado', 'Durian'],
    });
    expect(linesToOrderAgain(past, [])).toEqual({
      lines: [],
      skipped: ['Carrot (Gajor)', 'Avocado', 'Durian', 'Himsagar Mango'],
    });
  });

  it("puts the lines in the cart at today's price, adding to a line already there up to 100 kg", () => {
    const cart: Cart = [line(mango, 98)];
    const change = addLinesToCart(cart, [
      { product: { ...carrot, price: 70 }, cartQuantity: 3 },
      { product: mango, cartQuantity: 5 },
    ]);
    expect(change).toEqual({
      cart: [line(mango, 100), line({ ...carrot, price: 70 }, 3)],
      message: 'Carrot (Gajor), Himsagar Mango added to cart',
      kind: 'success',
    });
    expect(cartTotals(change.cart).cartTotalAmount).toBe(70 * 3 + 12.5 * 100);
  });

  it('names the products it skipped; with nothing to add the cart is unchanged', () => {
    expect(addLinesToCart([], [{ product: mango, cartQuantity: 2 }], ['Avocado', 'Durian'])).toEqual({
      cart: [line(mango, 2)],
      message: 'Himsagar Mango added to cart. Out of stock or no longer sold: Avocado, Durian',
      kind: 'info',
    });
    const cart: Cart = [line(carrot, 1)];
    expect(addLinesToCart(cart, [], ['Avocado'])).toEqual({
      cart,
      message: 'Out of stock or no longer sold: Avocado',
      kind: 'error',
    });
  });
});

describe('localStorage.cartItems format', () => {
  it('reads back what JSON.stringify wrote: the product fields plus cartQuantity', () => {
    const cart = addToCart(addToCart([], carrot).cart, mango).cart;
    const json = JSON.stringify(cart);
    expect(JSON.parse(json)).toEqual([line(carrot, 1), line(mango, 1)]);
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

describe('sale units in the cart (DESIGN.md §4 "Units")', () => {
  const chili: Product = {
    ...carrot,
    _id: 'g1',
    name: 'Green Chili Pack',
    nameBn: 'কাঁচা মরিচ প্যাকেট',
    price: 30,
    unit: 'g',
    unitSize: 250,
    weightTolerance: 10,
  };

  it('keeps each line’s sale unit, prices whole units and reads it back from storage', () => {
    const cart = addToCart(addToCart([], chili).cart, chili).cart;
    expect(cart).toEqual([line(chili, 2)]);
    expect(cartTotals(cart)).toEqual({ cartTotalQuantity: 2, cartTotalAmount: 60 });
    expect(parseCart(JSON.stringify(cart))).toEqual(cart);
  });

  it('reads a line stored before units as 1 kg', () => {
    const stored = { ...line(carrot, 2), unit: undefined, unitSize: undefined, weightTolerance: undefined };
    expect(JSON.stringify([stored])).not.toContain('unit');
    expect(parseCart(JSON.stringify([stored]))).toEqual([line(carrot, 2)]);
  });

  it('orders again only what is still sold in the unit it was ordered in; the rest is named as skipped', () => {
    const past = [
      { _id: 'g1', name: 'Green Chili Pack', cartQuantity: 2, unit: 'g', unitSize: 250 } as const,
      { _id: 'c1', name: 'Carrot (Gajor)', cartQuantity: 3 },
    ];
    expect(linesToOrderAgain(past, [chili, carrot])).toEqual({
      lines: [
        { product: chili, cartQuantity: 2 },
        { product: carrot, cartQuantity: 3 },
      ],
      skipped: [],
    });
    // Now sold in 100 g packs, and carrots by the 2 kg bag: "2 × 250 g" and "3 Kg" would mean other amounts.
    expect(
      linesToOrderAgain(past, [
        { ...chili, unitSize: 100 },
        { ...carrot, unitSize: 2 },
      ]),
    ).toEqual({ lines: [], skipped: ['Green Chili Pack', 'Carrot (Gajor)'] });
  });
});

describe('unavailableLines', () => {
  it('marks the lines out of stock now and those no longer in the catalogue; none before there is a catalogue', () => {
    const cart = [...addToCart([], carrot).cart, ...addToCart([], mango).cart];
    expect(unavailableLines(cart, undefined)).toEqual(new Set());
    expect(unavailableLines(cart, [carrot, mango])).toEqual(new Set());
    expect(unavailableLines(cart, [carrot, { ...mango, inStock: false }])).toEqual(new Set([mango._id]));
    // Deleted since it went in the cart (or from a catalogue the page was prerendered with).
    expect(unavailableLines(cart, [mango])).toEqual(new Set([carrot._id]));
    // A mirror from before products had `inStock`: on sale.
    const older = { ...carrot, inStock: undefined } as unknown as Product;
    expect(unavailableLines(cart, [older, mango])).toEqual(new Set());
  });
});

describe('atTodaysPrices', () => {
  const cart: Cart = [
    { ...carrot, cartQuantity: 2 },
    { ...mango, cartQuantity: 1 },
  ];

  it("takes each line's price from the catalogue now, and keeps the price of a product no longer in it", () => {
    expect(atTodaysPrices(cart, [{ ...carrot, price: 75 }]).map((line) => line.price)).toEqual([75, 12.5]);
  });

  it('is the cart itself without a catalogue, or when no price changed', () => {
    expect(atTodaysPrices(cart, undefined)).toBe(cart);
    expect(atTodaysPrices(cart, [carrot, mango])).toBe(cart);
  });
});

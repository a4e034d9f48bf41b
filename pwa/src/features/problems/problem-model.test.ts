/** The report screen's rules (DESIGN.md §19): the 48 hours, the lines delivered, and the claim from what was ticked. */
import type { Order } from '@contract/order';
import { PROBLEM_WINDOW_MS } from '@contract/problem';
import { describe, expect, it } from 'vitest';
import {
  canReport,
  claimLines,
  deliveredLines,
  reportableUntil,
  stillUnreported,
  type LineChoice,
} from './problem-model';

const at = '2026-11-27T10:00:00.000Z';
const line = (id: string, name: string, cartQuantity: number) =>
  ({ _id: id, name, cartQuantity, image: `/img/${id}.jpg` }) as Order['orderedProduct'][number];
const order = {
  _id: 'o1',
  orderStatus: 'Delivered',
  statusHistory: [
    { status: 'Pending', at: '2026-11-26T10:00:00.000Z' },
    { status: 'Delivered', at },
  ],
  orderedProduct: [line('tomato', 'Tomato', 3), line('okra', 'Okra', 2), line('lemon', 'Lemon', 1)],
  packing: {
    packedAt: at,
    lines: [
      { _id: 'tomato', found: true, packedGrams: null, finalPrice: 90 },
      {
        _id: 'okra',
        found: true,
        packedGrams: null,
        finalPrice: 50,
        substitute: { _id: 'beans', name: 'Beans', price: 25, unit: 'kg', unitSize: 1, quantity: 2 },
      },
      { _id: 'lemon', found: false, packedGrams: null, finalPrice: 0 },
    ],
  },
} as unknown as Order;

describe('the 48 hours', () => {
  it('run from the Delivered entry of the timeline', () => {
    const delivered = Date.parse(at);
    expect(reportableUntil(order)).toBe(delivered + PROBLEM_WINDOW_MS);
    expect(canReport(order, delivered + PROBLEM_WINDOW_MS - 1)).toBe(true);
    expect(canReport(order, delivered + PROBLEM_WINDOW_MS)).toBe(false);
  });

  it('never open for an order not delivered', () => {
    expect(reportableUntil({ ...order, orderStatus: 'Out for delivery' })).toBeNull();
    expect(canReport({ ...order, orderStatus: 'Cancelled' }, Date.parse(at))).toBe(false);
  });
});

describe('deliveredLines', () => {
  it('names a substitute by its own name and units, and leaves out a line not found', () => {
    expect(
      deliveredLines(order).map(({ _id, name, productId, delivered, left }) => ({
        _id,
        name,
        productId,
        delivered,
        left,
      })),
    ).toEqual([
      { _id: 'tomato', name: 'Tomato', productId: 'tomato', delivered: 3, left: 3 },
      { _id: 'okra', name: 'Beans', productId: 'beans', delivered: 2, left: 2 },
    ]);
  });

  it('takes units reported earlier off what is left, for this order only', () => {
    const problems = [
      { orderId: 'o1', lines: [{ _id: 'tomato', quantity: 2 }] },
      { orderId: 'o2', lines: [{ _id: 'okra', quantity: 2 }] },
    ] as unknown as Parameters<typeof deliveredLines>[1];
    expect(deliveredLines(order, problems).map((l) => l.left)).toEqual([1, 2]);
  });

  it('reads an order kept from before packing as ordered', () => {
    const unpacked = { ...order, packing: undefined } as unknown as Order;
    expect(deliveredLines(unpacked).map((l) => [l._id, l.delivered])).toEqual([
      ['tomato', 3],
      ['okra', 2],
      ['lemon', 1],
    ]);
  });
});

describe('stillUnreported', () => {
  const listed = (quantity: number) =>
    [{ orderId: 'o1', lines: [{ _id: 'tomato', quantity }] }] as unknown as Parameters<typeof deliveredLines>[1];

  it("says a report waits while its units are not in the server's list", () => {
    expect(stillUnreported(deliveredLines(order), [{ _id: 'tomato', quantity: 1 }])).toBe(true);
    // A second tomato reported offline after the first was credited still waits.
    expect(stillUnreported(deliveredLines(order, listed(1)), [{ _id: 'tomato', quantity: 2 }])).toBe(true);
  });

  it('says it no longer waits once the server lists its units, before the outbox hears', () => {
    expect(stillUnreported(deliveredLines(order, listed(3)), [{ _id: 'tomato', quantity: 1 }])).toBe(false);
    expect(
      stillUnreported(deliveredLines(order, listed(2)), [
        { _id: 'okra', quantity: 1 },
        { _id: 'tomato', quantity: 2 },
      ]),
    ).toBe(false);
    // A line not delivered (not found when packing) has no units to wait for.
    expect(stillUnreported(deliveredLines(order), [{ _id: 'lemon', quantity: 1 }])).toBe(false);
  });
});

describe('claimLines', () => {
  const lines = deliveredLines(order);
  const choice = (ticked: boolean, reason: LineChoice['reason'], quantity: string): LineChoice => ({
    ticked,
    reason,
    quantity,
  });

  it('sends the ticked lines with their reason and units', () => {
    expect(claimLines(lines, { tomato: choice(true, 'spoiled', '2'), okra: choice(false, 'missing', '1') })).toEqual({
      lines: [{ _id: 'tomato', reason: 'spoiled', quantity: 2 }],
    });
  });

  it('says each ticked line’s missing reason and a quantity outside 1..units left', () => {
    expect(claimLines(lines, { tomato: choice(true, '', '4'), okra: choice(true, 'wrong_item', '0') })).toEqual({
      errors: { tomato: { reason: 'chooseReason', quantity: { max: 3 } }, okra: { quantity: { max: 2 } } },
      none: false,
    });
    expect(claimLines(lines, { tomato: choice(true, 'spoiled', '1.5') })).toMatchObject({
      errors: { tomato: { quantity: { max: 3 } } },
    });
  });

  it('says nothing is ticked', () => {
    expect(claimLines(lines, {})).toEqual({ errors: {}, none: true });
  });
});

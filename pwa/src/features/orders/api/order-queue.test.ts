import { describe, expect, it } from 'vitest';
import type { Order } from '@contract/order';
import { mergeQueue, nextCursor, type OrderPage } from './order-queue';

/** Order `n`, placed n minutes after 10:00 (a higher n is newer). */
const order = (n: number): Order => ({
  _id: `order-${String(n).padStart(3, '0')}`,
  customerName: `Customer ${n}`,
  email: `c${n}@example.test`,
  phone: '01711000000',
  address: 'Uttara',
  areaId: 'uttara-sector-4',
  shipping: 40,
  orderStatus: 'Pending',
  totalAmount: 100,
  maxAmount: 100,
  orderDate: '22/11/2026',
  orderedProduct: [],
  paymentMethod: 'cod',
  paymentStatus: 'unpaid',
  createdAt: new Date(Date.UTC(2026, 10, 22, 4, n)).toISOString(),
  statusHistory: [],
  deliverySlot: null,
});
/** A page of orders `from` down to `to` (newest first). */
const page = (from: number, to: number, next?: string): OrderPage => ({
  orders: Array.from({ length: from - to + 1 }, (_, i) => order(from - i)),
  next,
});
const ids = (orders: Order[]) => orders.map((o) => Number(o._id.slice(6)));

describe('the next page link', () => {
  it('reads the cursor of rel="next", wherever it is in the header', () => {
    expect(nextCursor('</api/orders?limit=50&cursor=MTc.YWJj>; rel="next"')).toBe('MTc.YWJj');
    expect(nextCursor('</api/orders?cursor=a>; rel="prev", </api/orders?status=Pending&cursor=b%3D>; rel="next"')).toBe(
      'b=',
    );
  });

  it('has no cursor on the last page', () => {
    expect(nextCursor(null)).toBeUndefined();
    expect(nextCursor('</api/orders?cursor=a>; rel="prev"')).toBeUndefined();
  });
});

describe('the merged queue', () => {
  it('puts new orders from the polled first page above the pages loaded before', () => {
    const loaded = [page(10, 6, 'c6'), page(5, 1, 'c1')];
    const { orders, gap } = mergeQueue(page(12, 8, 'c8'), loaded);
    expect(gap).toBe(false);
    expect(ids(orders)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it('takes the first page as polled: an order that left it (e.g. another state under a status filter) goes', () => {
    const polled = { orders: [order(10), order(8), order(7), order(6)], next: 'c6' };
    expect(ids(mergeQueue(polled, [page(10, 6, 'c6'), page(5, 4)]).orders)).toEqual([10, 8, 7, 6, 5, 4]);
  });

  it('is the first page alone when it is the last page', () => {
    expect(ids(mergeQueue(page(3, 1), [page(2, 1)]).orders)).toEqual([3, 2, 1]);
  });

  it('shows only the first page, and says so, when more orders arrived than it holds', () => {
    const { orders, gap } = mergeQueue(page(20, 16, 'c16'), [page(10, 6, 'c6')]);
    expect(gap).toBe(true);
    expect(ids(orders)).toEqual([20, 19, 18, 17, 16]);
  });

  it("shows the loaded pages after a search's empty first page that has a next page", () => {
    expect(ids(mergeQueue({ orders: [], next: 'w1' }, [{ orders: [], next: 'w1' }, page(3, 2, 'c2')]).orders)).toEqual([
      3, 2,
    ]);
  });

  it('shows the loaded pages until the first page is polled', () => {
    expect(ids(mergeQueue(undefined, [page(4, 3, 'c3'), page(2, 1)]).orders)).toEqual([4, 3, 2, 1]);
  });
});

import { describe, expect, it } from 'vitest';
import { isAssignable, moveStop, runsOf, type RunOrder } from './rider-runs';

const karim = { uid: 'k', name: 'Karim' };
const abul = { uid: 'a', name: 'Abul' };
const order = (id: string, fields: Partial<RunOrder>): RunOrder => ({
  _id: id,
  orderStatus: 'Packed',
  createdAt: '2026-11-27T20:00:00.000Z',
  deliverySlot: { start: '2026-11-28T09:00:00+06:00' },
  ...fields,
});

describe("the riders' runs", () => {
  it('gives riders Approved, Packed and Out for delivery orders only', () => {
    expect(['Approved', 'Packed', 'Out for delivery'].every((s) => isAssignable(s as RunOrder['orderStatus']))).toBe(
      true,
    );
    expect(['Pending', 'Delivered', 'Cancelled'].some((s) => isAssignable(s as RunOrder['orderStatus']))).toBe(false);
  });

  it('groups the assigned orders by rider and shop day, in stop order, unnumbered ones last', () => {
    const runs = runsOf([
      order('o1', { rider: karim, stop: 2 }),
      order('o2', { rider: karim, stop: 1 }),
      order('o3', { rider: abul, stop: 1 }),
      order('o4', { rider: karim }),
      order('o5', { rider: karim, stop: 1, deliverySlot: { start: '2026-11-29T09:00:00+06:00' } }),
      order('o6', {}),
      order('o7', { rider: karim, stop: 3, orderStatus: 'Delivered' }),
      // Placed at 20:00 UTC on the 27th, without a slot: the 28th in Dhaka.
      order('o8', { rider: abul, stop: 2, deliverySlot: null }),
    ]);
    expect(runs.map((run) => [run.day, run.riderName, run.stops.map((stop) => stop._id)])).toEqual([
      ['2026-11-28', 'Abul', ['o3', 'o8']],
      ['2026-11-28', 'Karim', ['o2', 'o1', 'o4']],
      ['2026-11-29', 'Karim', ['o5']],
    ]);
  });

  it('moves a stop up or down by swapping it with its neighbour', () => {
    const [run] = runsOf([order('o1', { rider: karim, stop: 1 }), order('o2', { rider: karim, stop: 2 })]);
    expect(moveStop(run!, 1, 'up')).toEqual([
      { id: 'o2', riderUid: 'k', stop: 1 },
      { id: 'o1', riderUid: 'k', stop: 2 },
    ]);
    expect(moveStop(run!, 0, 'down')).toEqual([
      { id: 'o1', riderUid: 'k', stop: 2 },
      { id: 'o2', riderUid: 'k', stop: 1 },
    ]);
    expect(moveStop(run!, 0, 'up')).toEqual([]);
    expect(moveStop(run!, 1, 'down')).toEqual([]);
  });
});

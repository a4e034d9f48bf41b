import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import {
  chooseSlot,
  deliverySlot,
  openSlots,
  parseSlotTimes,
  REASSIGN_DAYS_AHEAD,
  shopIso,
  slotLabel,
  type DeliveryConfig,
} from './slots';

const at = (iso: string) => Date.parse(iso);
// The defaults of DESIGN.md §8: 5 slots a day, 20 orders each, today + 2 days, closing 60 min before.
const config: DeliveryConfig = parseConfig({}).delivery;
const ids = (slots: ReadonlyArray<{ id: string }>) => slots.map((slot) => slot.id);

describe('parseSlotTimes (DELIVERY_SLOTS)', () => {
  it('reads HH:MM-HH:MM slots as minutes after midnight', () => {
    expect(parseSlotTimes(' 09:00-11:00, 15:30-17:00 ')).toEqual([
      { startMinutes: 540, endMinutes: 660 },
      { startMinutes: 930, endMinutes: 1020 },
    ]);
  });

  it.each([
    ['9-11', /not HH:MM-HH:MM/],
    ['09:00-11:00-12:00', /not HH:MM-HH:MM/],
    ['24:00-25:00', /not HH:MM-HH:MM/],
    ['11:00-09:00', /ends before it starts/],
    ['09:00-11:00,10:00-12:00', /must not overlap/],
    ['15:00-17:00,09:00-11:00', /in order/],
    [' , ', /at least one slot/],
  ])('refuses %s', (text, reason) => {
    expect(() => parseSlotTimes(text)).toThrow(reason);
  });

  it('is read from the environment with its defaults, and a bad value names the variable', () => {
    expect(config).toEqual({
      slots: parseSlotTimes('09:00-11:00,11:00-13:00,15:00-17:00,17:00-19:00,19:00-21:00'),
      capacity: 20,
      daysAhead: 2,
      cutoffMinutes: 60,
    });
    expect(
      parseConfig({
        DELIVERY_SLOTS: '10:00-12:00',
        DELIVERY_SLOT_CAPACITY: '3',
        DELIVERY_DAYS_AHEAD: '0',
        DELIVERY_CUTOFF_MINUTES: '0',
      }).delivery,
    ).toEqual({
      slots: [{ startMinutes: 600, endMinutes: 720 }],
      capacity: 3,
      daysAhead: 0,
      cutoffMinutes: 0,
    });
    expect(() => parseConfig({ DELIVERY_SLOTS: '9am-11am' })).toThrow(
      /^DELIVERY_SLOTS must be comma-separated HH:MM-HH:MM slots/,
    );
    expect(() => parseConfig({ DELIVERY_SLOT_CAPACITY: '0' })).toThrow(/DELIVERY_SLOT_CAPACITY must be at least 1/);
    expect(() => parseConfig({ DELIVERY_CUTOFF_MINUTES: 'soon' })).toThrow(
      /DELIVERY_CUTOFF_MINUTES must be a whole number/,
    );
  });
});

describe('slot ids and labels (Asia/Dhaka, UTC+6)', () => {
  it('writes the start in ISO 8601 with +06:00 and labels it in shop time', () => {
    const start = at('2026-11-22T03:00:00Z');
    expect(shopIso(start)).toBe('2026-11-22T09:00:00+06:00');
    expect(slotLabel(start, start + 2 * 3600_000)).toBe('Sun 22 Nov, 09:00–11:00');
    expect(deliverySlot(start, start + 2 * 3600_000)).toEqual({
      id: '2026-11-22T09:00:00+06:00',
      start: '2026-11-22T09:00:00+06:00',
      end: '2026-11-22T11:00:00+06:00',
      label: 'Sun 22 Nov, 09:00–11:00',
    });
    // The id is a real instant: parsing it gives the start back.
    expect(Date.parse(shopIso(start))).toBe(start);
  });
});

describe('openSlots', () => {
  it('leaves out today’s slots past their cut-off, and offers today and the next two days', () => {
    const slots = openSlots(config, at('2026-11-22T08:30:00+06:00'));
    expect(ids(slots)).toEqual([
      '2026-11-22T11:00:00+06:00',
      '2026-11-22T15:00:00+06:00',
      '2026-11-22T17:00:00+06:00',
      '2026-11-22T19:00:00+06:00',
      ...['23', '24'].flatMap((day) =>
        ['09', '11', '15', '17', '19'].map((hour) => `2026-11-${day}T${hour}:00:00+06:00`),
      ),
    ]);
    expect(slots[0]).toEqual({
      id: '2026-11-22T11:00:00+06:00',
      startMs: at('2026-11-22T11:00:00+06:00'),
      endMs: at('2026-11-22T13:00:00+06:00'),
      day: 0,
    });
    expect(slots.at(-1)?.day).toBe(2);
    const last = slots.at(-1);
    expect(last && deliverySlot(last.startMs, last.endMs).label).toBe('Tue 24 Nov, 19:00–21:00');
  });

  it('keeps a slot open until exactly its cut-off', () => {
    expect(ids(openSlots(config, at('2026-11-22T10:00:00+06:00')))[0]).toBe('2026-11-22T11:00:00+06:00');
    expect(ids(openSlots(config, at('2026-11-22T10:00:01+06:00')))[0]).toBe('2026-11-22T15:00:00+06:00');
  });

  it('counts days in shop time: 00:30 in Dhaka is still the previous day in UTC', () => {
    const slots = openSlots({ ...config, daysAhead: 0 }, at('2026-11-22T00:30:00+06:00'));
    expect(ids(slots)).toHaveLength(5);
    expect(slots[0]?.id).toBe('2026-11-22T09:00:00+06:00');
  });

  it('offers tomorrow first once today’s last slot has closed', () => {
    expect(ids(openSlots(config, at('2026-11-22T20:00:00+06:00')))[0]).toBe('2026-11-23T09:00:00+06:00');
  });

  it('gives the list it made again until its first slot closes, and a list of its own to any other time', () => {
    const first = openSlots(config, at('2026-11-22T08:30:00+06:00'));
    expect(openSlots(config, at('2026-11-22T10:00:00+06:00'))).toBe(first);
    // Before the time it was made: the 09:00 slot is still open at 08:00 sharp.
    expect(ids(openSlots(config, at('2026-11-22T08:00:00+06:00')))[0]).toBe('2026-11-22T09:00:00+06:00');
    expect(ids(openSlots(config, at('2026-11-22T10:00:01+06:00')))[0]).toBe('2026-11-22T15:00:00+06:00');
    expect(ids(openSlots({ ...config, daysAhead: 0 }, at('2026-11-22T10:00:01+06:00')))).toHaveLength(3);
    // Past the shop's midnight, after the last slot of the day closed: the days count from the new one.
    const late = openSlots(config, at('2026-11-22T23:59:59+06:00'));
    expect(openSlots(config, at('2026-11-23T00:00:00+06:00'))).not.toBe(late);
    expect(openSlots(config, at('2026-11-23T00:00:00+06:00')).at(-1)?.id).toBe('2026-11-25T19:00:00+06:00');
  });
});

describe('chooseSlot', () => {
  const now = at('2026-11-22T08:30:00+06:00');
  const horizon = openSlots(config, now, REASSIGN_DAYS_AHEAD);
  const first = '2026-11-22T11:00:00+06:00';
  const second = '2026-11-22T15:00:00+06:00';
  const full = (...slotIds: string[]) => new Map(slotIds.map((id) => [id, config.capacity]));

  it('gives the slot asked for while it has room', () => {
    expect(chooseSlot(config, horizon, new Map([[second, config.capacity - 1]]), second)).toMatchObject({
      slot: { id: second },
      changed: false,
    });
  });

  it('gives the earliest free slot, unflagged, when none was asked for', () => {
    expect(chooseSlot(config, horizon, full(first), undefined)).toMatchObject({ slot: { id: second }, changed: false });
  });

  it.each([
    ['full', second, full(second)],
    ['past its cut-off', '2026-11-22T09:00:00+06:00', new Map()],
    ['unknown', '2026-11-22T10:00:00+06:00', new Map()],
    ['beyond the days offered', '2026-11-30T09:00:00+06:00', new Map()],
    ['not a slot id', 'tomorrow morning', new Map()],
  ])('moves an order whose slot is %s to the earliest free one, flagged', (_why, requested, taken) => {
    expect(chooseSlot(config, horizon, taken, requested)).toMatchObject({ slot: { id: first }, changed: true });
  });

  it(`looks ${REASSIGN_DAYS_AHEAD} days ahead, past the days offered, and gives no slot when all are full`, () => {
    expect(horizon.at(-1)?.id).toBe('2026-12-06T19:00:00+06:00');
    const allButLast = full(...ids(horizon.slice(0, -1)));
    expect(chooseSlot(config, horizon, allButLast, first)).toMatchObject({
      slot: { id: '2026-12-06T19:00:00+06:00' },
      changed: true,
    });
    expect(chooseSlot(config, horizon, full(...ids(horizon)), first)).toEqual({ slot: null, changed: true });
    expect(chooseSlot(config, horizon, full(...ids(horizon)), undefined)).toEqual({ slot: null, changed: false });
  });
});

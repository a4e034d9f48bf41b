/**
 * Delivery slots (DESIGN.md §8), pure: no clock, no database. The shop's day is Asia/Dhaka's,
 * which is UTC+6 all year (Bangladesh has had no daylight saving since 2009), so a fixed offset
 * is exact and needs no time-zone data (Workers and Node agree). Times are epoch ms; a slot's
 * `id` is its start in ISO 8601 with the offset, e.g. `2026-11-22T09:00:00+06:00`.
 */
import type { DeliverySlot } from '../contract/delivery';

/** Asia/Dhaka's offset from UTC, in minutes (fixed: no DST). */
const SHOP_UTC_OFFSET_MINUTES = 6 * 60;
const OFFSET_MS = SHOP_UTC_OFFSET_MINUTES * 60_000;
const DAY_MS = 24 * 60 * 60_000;
const OFFSET_TEXT = '+06:00';

/** How far ahead an order whose slot is full, closed or unknown is given another (days after today). */
export const REASSIGN_DAYS_AHEAD = 14;

/** One slot of the shop's day: minutes after local midnight, start inclusive, end exclusive. */
export type SlotTimes = { startMinutes: number; endMinutes: number };

/** The delivery rules (config.ts builds them from DELIVERY_* variables). */
export type DeliveryConfig = {
  /** The day's slots, in order, not overlapping. */
  slots: readonly SlotTimes[];
  /** Orders one slot takes. */
  capacity: number;
  /** Slots are offered for today and this many days after it. */
  daysAhead: number;
  /** A slot closes this many minutes before it starts. */
  cutoffMinutes: number;
};

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

const minutesOf = (text: string): number | undefined => {
  const match = HH_MM.exec(text.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
};

/**
 * Parses `DELIVERY_SLOTS`: comma-separated `HH:MM-HH:MM` local times, e.g. `09:00-11:00,15:00-17:00`
 * (00:00–23:59; a slot does not cross midnight).
 * @returns the slots in the order given.
 * @throws Error with a readable reason when a slot is malformed, empty, out of order or overlapping.
 */
export function parseSlotTimes(text: string): SlotTimes[] {
  const slots = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((part) => {
      const [from, to, extra] = part.split('-');
      const startMinutes = from === undefined ? undefined : minutesOf(from);
      const endMinutes = to === undefined ? undefined : minutesOf(to);
      if (extra !== undefined || startMinutes === undefined || endMinutes === undefined)
        throw new Error(`"${part}" is not HH:MM-HH:MM`);
      if (endMinutes <= startMinutes) throw new Error(`"${part}" ends before it starts`);
      return { startMinutes, endMinutes };
    });
  if (slots.length === 0) throw new Error('needs at least one slot, e.g. 09:00-11:00');
  slots.forEach((slot, i) => {
    const before = slots[i - 1];
    if (before && slot.startMinutes < before.endMinutes) throw new Error('slots must be in order and must not overlap');
  });
  return slots;
}

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The shop's wall clock at `ms`, as a Date whose UTC fields read Dhaka's local time. */
const local = (ms: number) => new Date(ms + OFFSET_MS);

/** `ms` (epoch) in ISO 8601 with the shop's offset, to the second, e.g. `2026-11-22T09:00:00+06:00`. */
export function shopIso(ms: number): string {
  return `${local(ms).toISOString().slice(0, 19)}${OFFSET_TEXT}`;
}

const hhmm = (ms: number) => {
  const d = local(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

/** A slot's English label in shop time, e.g. `Sun 22 Nov, 09:00–11:00` (start and end epoch ms). */
export function slotLabel(startMs: number, endMs: number): string {
  const d = local(startMs);
  return `${WEEKDAYS[d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}, ${hhmm(startMs)}–${hhmm(endMs)}`;
}

/** The slot from `startMs` to `endMs` (epoch ms) as the API describes it. */
export function deliverySlot(startMs: number, endMs: number): DeliverySlot {
  return { id: shopIso(startMs), start: shopIso(startMs), end: shopIso(endMs), label: slotLabel(startMs, endMs) };
}

/**
 * A slot as the server counts and stores it: its id, its bounds in epoch ms, and `day`, 0 for
 * today (shop time), 1 for tomorrow… ({@link deliverySlot} describes it for the API).
 */
export type TimedSlot = { id: string; startMs: number; endMs: number; day: number };

/**
 * The last list {@link openSlots} made, and the span of time (epoch ms, both ends included) it
 * stays the same in: from when it was made to the moment its first slot closes, within its
 * shop day. Every order asks for it, and making it (75 slot ids in shop time) was ≈ 2 % of an
 * order's server time (bench/README.md figure 5).
 */
let lastOpenSlots:
  { config: DeliveryConfig; days: number; fromMs: number; untilMs: number; slots: readonly TimedSlot[] } | undefined;

/**
 * The slots still open at `nowMs` (epoch ms) from today (shop time) through `days` days after
 * it, earliest first. A slot is open while `nowMs` is at least `cutoffMinutes` before its start.
 * The list is shared with later calls that get the same one: callers do not change it.
 */
export function openSlots(
  config: DeliveryConfig,
  nowMs: number,
  days: number = config.daysAhead,
): readonly TimedSlot[] {
  const last = lastOpenSlots;
  if (last?.config === config && last.days === days && nowMs >= last.fromMs && nowMs <= last.untilMs) return last.slots;
  const midnight = Math.floor((nowMs + OFFSET_MS) / DAY_MS) * DAY_MS - OFFSET_MS;
  const cutoffMs = config.cutoffMinutes * 60_000;
  const closesBefore = nowMs + cutoffMs;
  const slots: TimedSlot[] = [];
  for (let day = 0; day <= days; day += 1) {
    for (const times of config.slots) {
      const startMs = midnight + day * DAY_MS + times.startMinutes * 60_000;
      const endMs = midnight + day * DAY_MS + times.endMinutes * 60_000;
      if (startMs >= closesBefore) slots.push({ id: shopIso(startMs), startMs, endMs, day });
    }
  }
  // The same list until its first slot closes (then it loses that slot) or the shop's day ends
  // (then the days count from the next one and a new day's slots come in).
  const untilMs = Math.min(slots[0] ? slots[0].startMs - cutoffMs : Infinity, midnight + DAY_MS - 1);
  lastOpenSlots = { config, days, fromMs: nowMs, untilMs, slots };
  return slots;
}

/** The slot an order gets: `slot` (null when none is free), and whether it differs from the one asked for. */
export type SlotChoice = { slot: TimedSlot | null; changed: boolean };

/**
 * Chooses an order's slot among `horizon` — {@link openSlots} for now and
 * {@link REASSIGN_DAYS_AHEAD} days — from `taken` (slot id → orders already in it): the
 * `requested` slot while it is offered (within `daysAhead`) and below capacity; otherwise the
 * earliest slot of the horizon below capacity, `changed` when a slot was asked for. With no
 * free slot in the horizon, `slot` is null.
 * @returns the choice; never throws.
 */
export function chooseSlot(
  config: DeliveryConfig,
  horizon: readonly TimedSlot[],
  taken: ReadonlyMap<string, number>,
  requested?: string,
): SlotChoice {
  const hasRoom = (slot: TimedSlot) => (taken.get(slot.id) ?? 0) < config.capacity;
  const asked =
    requested === undefined ? undefined : horizon.find((slot) => slot.id === requested && slot.day <= config.daysAhead);
  if (asked && hasRoom(asked)) return { slot: asked, changed: false };
  return { slot: horizon.find(hasRoom) ?? null, changed: requested !== undefined };
}

/** A slot's start in shop time as an area lists it (`HH:MM`, DESIGN.md §15 "Slots"). */
export const slotStartText = (slot: Pick<TimedSlot, 'startMs'>): string => hhmm(slot.startMs);

/** The starts (`HH:MM`) of the shop's day of `config`, in order. */
export function dayStarts(config: Pick<DeliveryConfig, 'slots'>): string[] {
  return config.slots.map((times) => `${pad(Math.floor(times.startMinutes / 60))}:${pad(times.startMinutes % 60)}`);
}

/**
 * Which slots an area gets (DESIGN.md §15 "Slots"): those whose start (`HH:MM`, shop time) is one
 * of `areaSlots`; every slot when `areaSlots` is null. When none of `areaSlots` is a start of
 * `config`'s day any more (DELIVERY_SLOTS changed after the area was saved), the area gets every
 * slot rather than none: an area is switched off by `active`, never by a stale list.
 * @returns a predicate for `Array.filter` over {@link openSlots}' slots.
 */
export function areaSlotFilter(
  config: Pick<DeliveryConfig, 'slots'>,
  areaSlots: readonly string[] | null | undefined,
): (slot: Pick<TimedSlot, 'startMs'>) => boolean {
  if (!areaSlots) return () => true;
  const starts = new Set(dayStarts(config).filter((start) => areaSlots.includes(start)));
  if (starts.size === 0) return () => true;
  return (slot) => starts.has(slotStartText(slot));
}

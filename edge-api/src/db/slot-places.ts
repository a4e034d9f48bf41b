/**
 * The places taken in delivery slots (DESIGN.md §12): `slot_places` (migration 0022), kept by
 * triggers on `orders`, read by placing (the first slot with room, the capacity guard) and by
 * the dawn board's counts.
 */
import type { Client, InStatement } from '@libsql/client';
import { SlotFullError } from './errors';
import { writeGuard, type Guard } from './guarded-batch';

/**
 * The places taken in slot `?`: the orders in it that are not Cancelled (a cancelled order, paid
 * or not, gives its place back), as `slot_places` keeps them (migration 0022's triggers, the one
 * home of that rule); 0 for a slot nobody took. One primary-key seek.
 */
const SLOT_TAKEN = 'coalesce((SELECT taken FROM slot_places WHERE slot_id = ?), 0)';

/**
 * The guard that slot `slotId` holds at most `capacity` orders at its place in a guarded batch
 * (db/guarded-batch.ts): placed after an order's insert, it counts that order too, inside the
 * same transaction. Its error is SlotFullError: the slot filled after the order's slot was
 * chosen, and the order is planned again with fresh counts.
 */
export function slotCapacityGuard(slotId: string, capacity: number): Guard {
  return writeGuard(`${SLOT_TAKEN} <= ?`, [slotId, capacity], () => new SlotFullError(slotId));
}

/**
 * The statement {@link countOrdersBySlot} runs: one seek of `slot_places` per slot id.
 */
export function countOrdersBySlotStatement(slotIds: readonly string[]): InStatement {
  return {
    sql: `SELECT slot_id, taken FROM slot_places
          WHERE slot_id IN (${slotIds.map(() => '?').join(', ')}) AND taken > 0`,
    args: [...slotIds],
  };
}

/**
 * Counts the orders that take a place in each of `slotIds` (not Cancelled: {@link SLOT_TAKEN}).
 * @returns a map from slot id to its number of orders; slots with none are absent.
 */
export async function countOrdersBySlot(db: Client, slotIds: readonly string[]): Promise<Map<string, number>> {
  if (slotIds.length === 0) return new Map();
  const { rows } = await db.execute(countOrdersBySlotStatement(slotIds));
  return new Map(rows.map((row) => [String(row.slot_id), Number(row.taken)]));
}

/**
 * The statement {@link slotRoom} runs: the places taken in `askedId` (0 for null), and the full
 * slots (`capacity` places taken or more) from the first of `slotIds` to the last, their ids
 * joined by spaces: one seek and one range of `slot_places`' primary key (slot ids sort as their
 * starts: ISO times with the shop's one offset). One row comes back, however many slots are full.
 */
export function slotRoomStatement(slotIds: readonly string[], capacity: number, askedId: string | null): InStatement {
  return {
    sql: `SELECT ${SLOT_TAKEN} AS asked_taken,
            (SELECT group_concat(slot_id, ' ') FROM slot_places WHERE slot_id >= ? AND slot_id <= ? AND taken >= ?) AS full`,
    args: [askedId, slotIds[0] ?? null, slotIds.at(-1) ?? null, capacity],
  };
}

/**
 * What placing an order needs of its horizon's slots (`slotIds`, earliest first; `capacity`
 * orders each): `askedTaken`, the orders in `askedId` (0 when none was asked for), and
 * `firstWithRoom`, the earliest slot with room (null when all are full). Every slot before it
 * is full.
 */
export async function slotRoom(
  db: Client,
  slotIds: readonly string[],
  capacity: number,
  askedId: string | null,
): Promise<{ askedTaken: number; firstWithRoom: string | null }> {
  const { rows } = await db.execute(slotRoomStatement(slotIds, capacity, askedId));
  const row = rows[0];
  const full = new Set(typeof row?.full === 'string' ? row.full.split(' ') : []);
  return { askedTaken: Number(row?.asked_taken ?? 0), firstWithRoom: slotIds.find((id) => !full.has(id)) ?? null };
}

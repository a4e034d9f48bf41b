/**
 * The `delivery_areas` table (migration 0016, DESIGN.md §15): its SQL and its row mapper. Amounts
 * are whole Tk; `slots` is a JSON array of slot starts (`HH:MM`) or NULL for every slot;
 * `created_at`/`updated_at` are Unix epoch ms. Areas are never deleted (orders name them): an
 * admin switches one off (`active`).
 */
import type { Client, Row } from '@libsql/client';
import type { z } from 'zod';
import type { DeliveryArea, deliveryAreaInputSchema, DeliveryAreaUpdate } from '../contract/delivery-area';
import { AreaChangedError } from './errors';
import { writeGuard, type Guard } from './guarded-batch';

/** A validated `POST /delivery-areas` body (defaults applied). */
export type NewDeliveryArea = z.output<typeof deliveryAreaInputSchema>;

/** The columns {@link toDeliveryArea} reads. */
const COLUMNS = 'id, name, name_bn, thana, fee, minimum_order, free_delivery_above, slots, active';

/** The longest id (contract/delivery-area.ts deliveryAreaId). */
const MAX_ID_LENGTH = 64;

/** A nullable whole-Tk column as a number or null. */
const tkOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** The stored slot list (written only by this module) as the wire's: a list of `HH:MM`, or null for all. */
function parseSlots(value: unknown): string[] | null {
  if (value === null || value === undefined) return null;
  try {
    const list: unknown = JSON.parse(String(value));
    return Array.isArray(list) && list.length > 0 ? list.map(String) : null;
  } catch {
    return null;
  }
}

/** Maps a `delivery_areas` row (this module's COLUMNS) to the wire shape of contract/delivery-area.ts. */
function toDeliveryArea(row: Row): DeliveryArea {
  return {
    id: String(row.id),
    name: String(row.name),
    nameBn: String(row.name_bn),
    thana: String(row.thana),
    fee: tkOrNull(row.fee),
    minimumOrder: Number(row.minimum_order ?? 0),
    freeDeliveryAbove: tkOrNull(row.free_delivery_above),
    slots: parseSlots(row.slots),
    active: Number(row.active) === 1,
  };
}

/**
 * An area row's stamp: every column but the id, as one JSON text made by SQLite, so a stamp read
 * with the row and one computed at commit are equal exactly when the row did not change.
 */
const STAMP = 'json_array(name, name_bn, thana, fee, minimum_order, free_delivery_above, slots, active)';

/** The active areas by name, as a shopper chooses from them (through `delivery_areas_active_name`), each with its stamp. */
const LIST_ACTIVE_SQL = `SELECT ${COLUMNS}, ${STAMP} AS stamp FROM delivery_areas WHERE active = 1 ORDER BY name, id`;
/** Every area by name, inactive ones too (the admin's list). */
const LIST_ALL_SQL = `SELECT ${COLUMNS} FROM delivery_areas ORDER BY name, id`;

/** Reads the areas by name: the active ones, or with `all` every one. */
export async function listDeliveryAreas(db: Client, options: { all?: boolean } = {}): Promise<DeliveryArea[]> {
  return (await db.execute(options.all ? LIST_ALL_SQL : LIST_ACTIVE_SQL)).rows.map(toDeliveryArea);
}

/** An area as read, with the stamp of its row then ({@link STAMP}), which {@link areaUnchangedGuard} checks at commit. */
export type StampedArea = { area: DeliveryArea; stamp: string };

/** Reads the active areas by name, each with its row's stamp. */
export async function listActiveAreasStamped(db: Client): Promise<StampedArea[]> {
  return (await db.execute(LIST_ACTIVE_SQL)).rows.map((row) => ({
    area: toDeliveryArea(row),
    stamp: String(row.stamp),
  }));
}

/**
 * The guard (db/guarded-batch.ts) that the area `read` is still stored as it was read: active,
 * with the same fee, minimum, slots and names. Its error is AreaChangedError: an order priced
 * with an area that changed meanwhile is planned again from the area as it is now.
 */
export function areaUnchangedGuard(read: StampedArea): Guard {
  return writeGuard(
    `coalesce((SELECT ${STAMP} = ? FROM delivery_areas WHERE id = ?), 0)`,
    [read.stamp, read.area.id],
    () => new AreaChangedError(read.area.id),
  );
}

/**
 * Reads area `id`, active or not (an order checks `active`: DESIGN.md §15 "Minimum").
 * @returns the area, or undefined when there is none with that id.
 */
export async function findDeliveryArea(db: Client, id: string): Promise<DeliveryArea | undefined> {
  const { rows } = await db.execute({ sql: `SELECT ${COLUMNS} FROM delivery_areas WHERE id = ?`, args: [id] });
  return rows[0] ? toDeliveryArea(rows[0]) : undefined;
}

/**
 * An area id made from `name`: lower-case ASCII letters and digits joined by single hyphens
 * ("Uttara Sector 11" → `uttara-sector-11`, accents dropped), at most `maxLength` characters;
 * `area` when nothing of the name is left (a name in Bangla only).
 */
function areaSlug(name: string, maxLength = MAX_ID_LENGTH): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
  return slug || 'area';
}

/** `base` with `-n` appended, cut so the whole stays a valid id of at most MAX_ID_LENGTH characters. */
const numbered = (base: string, n: number): string => {
  const suffix = `-${n}`;
  return `${base.slice(0, MAX_ID_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
};

/** What {@link insertDeliveryArea} did: the area stored, or `taken` when the id given is another area's. */
export type AreaInsert = { kind: 'created'; area: DeliveryArea } | { kind: 'taken'; id: string };

/** How many numbered ids ({@link numbered}) are tried for a name before giving up. */
const MAX_ID_TRIES = 100;

/**
 * Adds an area. With `input.id` it is stored under that id, or not at all when an area has it;
 * without, under an id made from the name ({@link areaSlug}), numbered (`-2`, `-3`…) past the
 * ids already taken.
 * @returns `created` with the stored area, or `taken` with the id given.
 * @throws Error when a hundred numbered ids of the name are all taken.
 */
export async function insertDeliveryArea(db: Client, input: NewDeliveryArea, nowMs = Date.now()): Promise<AreaInsert> {
  const candidates = input.id
    ? [input.id]
    : Array.from({ length: MAX_ID_TRIES }, (_, i) =>
        i === 0 ? areaSlug(input.name) : numbered(areaSlug(input.name), i + 1),
      );
  for (const id of candidates) {
    // ON CONFLICT DO NOTHING: an id taken meanwhile (two admins) is never overwritten.
    const { rows } = await db.execute({
      sql: `INSERT INTO delivery_areas (id, name, name_bn, thana, fee, minimum_order, free_delivery_above, slots,
                                        active, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO NOTHING
            RETURNING ${COLUMNS}`,
      args: [
        id,
        input.name,
        input.nameBn,
        input.thana,
        input.fee,
        input.minimumOrder,
        input.freeDeliveryAbove,
        input.slots === null ? null : JSON.stringify(input.slots),
        input.active ? 1 : 0,
        nowMs,
        nowMs,
      ],
    });
    if (rows[0]) return { kind: 'created', area: toDeliveryArea(rows[0]) };
  }
  if (input.id) return { kind: 'taken', id: input.id };
  throw new Error(`no free id for the area named ${JSON.stringify(input.name)}`);
}

/**
 * Changes the fields present in `edit` and only those (a `fee`, `freeDeliveryAbove` or `slots`
 * of null goes back to the spec's fee, no free delivery, every slot) and stamps `updated_at`.
 * @returns the area as stored now, or undefined when there is none with id `id`.
 */
export async function updateDeliveryArea(
  db: Client,
  id: string,
  edit: DeliveryAreaUpdate,
  nowMs = Date.now(),
): Promise<DeliveryArea | undefined> {
  const changes: Array<[column: string, value: string | number | null]> = [];
  if (edit.name !== undefined) changes.push(['name', edit.name]);
  if (edit.nameBn !== undefined) changes.push(['name_bn', edit.nameBn]);
  if (edit.thana !== undefined) changes.push(['thana', edit.thana]);
  if (edit.fee !== undefined) changes.push(['fee', edit.fee]);
  if (edit.minimumOrder !== undefined) changes.push(['minimum_order', edit.minimumOrder]);
  if (edit.freeDeliveryAbove !== undefined) changes.push(['free_delivery_above', edit.freeDeliveryAbove]);
  if (edit.slots !== undefined) changes.push(['slots', edit.slots === null ? null : JSON.stringify(edit.slots)]);
  if (edit.active !== undefined) changes.push(['active', edit.active ? 1 : 0]);
  const { rows } = await db.execute({
    sql: `UPDATE delivery_areas SET ${[...changes.map(([column]) => `${column} = ?`), 'updated_at = ?'].join(', ')}
          WHERE id = ? RETURNING ${COLUMNS}`,
    args: [...changes.map(([, value]) => value), nowMs, id],
  });
  return rows[0] ? toDeliveryArea(rows[0]) : undefined;
}

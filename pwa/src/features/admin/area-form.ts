/**
 * The Areas screen's form (DESIGN.md §15) as data: what the admin types (text for the amounts,
 * "all slots" or a list of them) ↔ the API's area body, checked by the contract's own field rules
 * (edge-api/src/contract/delivery-area.ts), and the API's 400 field errors put onto the form's
 * fields. Pure: no React, no requests.
 */
import { z } from 'zod';
import { deliveryAreaId, deliveryAreaSchema, type DeliveryArea } from '@contract/delivery-area';
import type { DeliverySlot } from '@contract/delivery';

const rules = deliveryAreaSchema.shape;

/** What the form holds: amounts as typed (Tk; blank = none), the slots as a list or "all". */
export type AreaFormValues = {
  /** A new area's id (a slug, e.g. `mirpur-12`); blank: the server makes it from the name. Never changed. */
  id: string;
  name: string;
  nameBn: string;
  thana: string;
  /** Tk; blank: the spec's rule (40 Tk up to 200 Tk of goods, else 80 Tk). */
  fee: string;
  /** Tk of goods; blank: no minimum (0). */
  minimumOrder: string;
  /** Tk of goods; blank: never free. */
  freeDeliveryAbove: string;
  /** Every slot of the day (the API's `slots: null`); `slots` is then ignored. */
  allSlots: boolean;
  /** The slot starts (`HH:MM`) the area gets while `allSlots` is off. */
  slots: string[];
  active: boolean;
};

/**
 * The body `POST /delivery-areas` takes: every field an admin sets, and the id when one was typed;
 * `PUT /delivery-areas/:id` takes it without the id.
 */
export type AreaBody = Omit<DeliveryArea, 'id'> & { id?: string };

/** A blank amount is `blank`; anything else its number (NaN when not one: the contract says "Enter a number"). */
const amount = (blank: number | null) => (typed: string) => (typed.trim() === '' ? blank : Number(typed.trim()));

/**
 * The form's schema: the contract's rules for each field, after the typed text is read as Tk
 * (blank fee and free-delivery line = null, blank minimum = 0) and "all slots" as null. Its
 * output is the API's body (AreaBody); its messages are the contract's (English, as the API's).
 */
export const areaFormSchema = z
  .object({
    id: z
      .string()
      .trim()
      .transform((typed) => (typed === '' ? undefined : typed))
      .pipe(deliveryAreaId.optional()),
    name: rules.name,
    nameBn: rules.nameBn,
    thana: rules.thana,
    fee: z.string().transform(amount(null)).pipe(rules.fee),
    minimumOrder: z.string().transform(amount(0)).pipe(rules.minimumOrder),
    freeDeliveryAbove: z.string().transform(amount(null)).pipe(rules.freeDeliveryAbove),
    allSlots: z.boolean(),
    slots: z.array(z.string()),
    active: rules.active,
  })
  .superRefine((values, ctx) => {
    if (values.allSlots) return;
    // The slot list's own rule (at least one, each once, HH:MM), its messages on the slots field.
    for (const issue of rules.slots.safeParse(values.slots).error?.issues ?? [])
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['slots'] });
  })
  .transform(({ allSlots, slots, id, ...area }): AreaBody => ({
    ...(id !== undefined && { id }),
    ...area,
    slots: allSlots ? null : [...slots].sort(),
  }));

/** Takes a text amount's value `tk` (Tk or null) and returns what the form shows: '' for none. */
const typed = (tk: number | null) => (tk === null ? '' : String(tk));

/** The form's values for a new area: no fee of its own, no minimum, never free, every slot, active. */
export const newAreaValues = (): AreaFormValues => ({
  id: '',
  name: '',
  nameBn: '',
  thana: '',
  fee: '',
  minimumOrder: '',
  freeDeliveryAbove: '',
  allSlots: true,
  slots: [],
  active: true,
});

/** Takes an area as the API answers it and returns the form's values to edit it (a minimum of 0 shows blank). */
export const areaFormValues = (area: DeliveryArea): AreaFormValues => ({
  id: area.id,
  name: area.name,
  nameBn: area.nameBn,
  thana: area.thana,
  fee: typed(area.fee),
  minimumOrder: area.minimumOrder === 0 ? '' : String(area.minimumOrder),
  freeDeliveryAbove: typed(area.freeDeliveryAbove),
  allSlots: area.slots === null,
  slots: area.slots ?? [],
  active: area.active,
});

/** A field of the form an API field error is shown under. */
export type AreaFormField = Exclude<keyof AreaFormValues, 'allSlots'>;

const formFields: readonly AreaFormField[] = [
  'id',
  'name',
  'nameBn',
  'thana',
  'fee',
  'minimumOrder',
  'freeDeliveryAbove',
  'slots',
  'active',
];

/**
 * Takes a 400 `validation_failed` answer's `details` (`{fields: {path: [message, …]}}`) and
 * returns, per form field, the first message for it (`slots.2` goes under the slots). `other` holds the messages of paths the form has
 * no field for (shown above the buttons); none of them is lost.
 */
export function areaFieldErrors(details: unknown): {
  fields: Partial<Record<AreaFormField, string>>;
  other: string[];
} {
  const raw = (details as { fields?: unknown } | null | undefined)?.fields;
  const fields: Partial<Record<AreaFormField, string>> = {};
  const other: string[] = [];
  if (!raw || typeof raw !== 'object') return { fields, other };
  for (const [path, messages] of Object.entries(raw as Record<string, unknown>)) {
    const message = Array.isArray(messages) ? messages.find((m): m is string => typeof m === 'string') : undefined;
    if (message === undefined) continue;
    const head = path.split('.')[0] ?? '';
    const field = formFields.find((name) => name === head);
    if (field) fields[field] ??= message;
    else other.push(message);
  }
  return { fields, other };
}

/** One of the shop's slot times: its start `HH:MM` (what an area lists) and end, Dhaka time. */
export type SlotTime = { start: string; end?: string };

/** `HH:MM` of an ISO 8601 time with its offset (`2026-11-22T09:00:00+06:00` → `09:00`): the shop's clock. */
const clock = (iso: string) => iso.slice(11, 16);

/**
 * The slot times an admin can give an area: the starts of the slots on offer
 * (`GET /delivery-slots`, every day's alike, each once) with their ends, and any start an area
 * already lists that is not on offer now (so editing it never drops it unseen); earliest first.
 */
export function slotTimes(offered: readonly DeliverySlot[], areas: readonly DeliveryArea[]): SlotTime[] {
  const byStart = new Map<string, SlotTime>();
  for (const slot of offered) byStart.set(clock(slot.start), { start: clock(slot.start), end: clock(slot.end) });
  for (const start of areas.flatMap((area) => area.slots ?? [])) if (!byStart.has(start)) byStart.set(start, { start });
  return [...byStart.values()].sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * The areas grouped by thana for the list: thanas A–Z, each thana's areas by name (English,
 * the admin's sort; Bangla names show beside them).
 */
export function areasByThana(areas: readonly DeliveryArea[]): Array<{ thana: string; areas: DeliveryArea[] }> {
  const groups = new Map<string, DeliveryArea[]>();
  for (const area of [...areas].sort((a, b) => a.name.localeCompare(b.name)))
    groups.set(area.thana, [...(groups.get(area.thana) ?? []), area]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([thana, list]) => ({ thana, areas: list }));
}

/**
 * The areas whose name, Bangla name, thana or id holds `query` (any case, spaces around it
 * ignored); every area for an empty query.
 */
export function findAreas(areas: readonly DeliveryArea[], query: string): DeliveryArea[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return [...areas];
  return areas.filter((area) =>
    [area.name, area.nameBn, area.thana, area.id].some((text) => text.toLowerCase().includes(wanted)),
  );
}

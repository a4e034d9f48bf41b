/** User contract (spec §3, §7; DESIGN.md §3). */
import { z } from 'zod';
import { deliveryAreaId } from './delivery-area';
import { bdMobile, email, requiredText } from './fields';
import { addressDetails } from './order';

/** `PUT /users` and `POST /users` body: the signed-in user's own e-mail and display name. */
export const userUpsertSchema = z.object({
  email,
  displayName: z.string().trim().max(100, { error: 'At most 100 characters' }).default(''),
});

/** `PUT /users/admin` body. */
export const adminGrantSchema = z.object({ email });

/** `GET /users/:email` answer. */
export const userSchema = z.object({ email: z.string(), displayName: z.string(), admin: z.boolean() });

export type User = z.infer<typeof userSchema>;

/** The most addresses a profile keeps ("up to 5 saved addresses"). */
export const MAX_SAVED_ADDRESSES = 5;

/** A saved address's id: letters, digits, `-` and `_`, as the PWA (crypto.randomUUID) or the server makes them. */
const savedAddressId = z
  .string({ error: 'Required' })
  .trim()
  .regex(/^[\w-]{1,64}$/, { error: 'Unknown id' });

/**
 * One saved Dhaka address (DESIGN.md §15): a label the shopper chose ("Home", "Office", 1–30
 * characters), its delivery area, `line` (house, road, flat: the order's `address` rule) and the
 * order's floor, landmark and note, so what is saved can be ordered to. `areaId` is null for an
 * address saved as free text before areas: still readable, asked for an area when next used.
 */
export const savedAddressSchema = z.object({
  id: savedAddressId,
  label: requiredText(30),
  areaId: deliveryAreaId.nullable(),
  line: requiredText(500),
  ...addressDetails,
});

/**
 * `PUT /users/me` body: any of `displayName`, `phone` (a BD mobile, stored in E.164; null clears it)
 * and `addresses` (the whole list, at most {@link MAX_SAVED_ADDRESSES}, ids unique; an address
 * without an id gets one). E-mail and phone number are the token's, never the body's: other
 * fields are dropped.
 */
export const profileUpdateSchema = z.object({
  displayName: z.string().trim().max(100, { error: 'At most 100 characters' }).optional(),
  phone: bdMobile.nullable().optional(),
  addresses: z
    .array(savedAddressSchema.extend({ id: savedAddressId.optional() }), { error: 'Expected a list of addresses' })
    .max(MAX_SAVED_ADDRESSES, { error: `At most ${MAX_SAVED_ADDRESSES} addresses` })
    .refine((list) => new Set(list.flatMap((a) => (a.id ? [a.id] : []))).size === list.filter((a) => a.id).length, {
      error: 'Each address needs its own id',
    })
    .optional(),
});

/** `GET` / `PUT /users/me` answer: the signed-in account's profile (DESIGN.md §3). */
export const profileSchema = z.object({
  uid: z.string(),
  email: z.string().meta({ description: 'The token’s e-mail; empty for a phone-number account' }),
  phoneNumber: z.string().meta({ description: 'The token’s phone number (E.164); empty when it has none' }),
  displayName: z.string(),
  admin: z.boolean().meta({ description: 'The effective flag: rights apply only with a verified e-mail' }),
  phone: z.string().meta({ description: 'The last phone given at checkout, or saved on the profile' }),
  addresses: z.array(savedAddressSchema).meta({ description: 'Most recently used first' }),
});

export type SavedAddress = z.infer<typeof savedAddressSchema>;
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type Profile = z.infer<typeof profileSchema>;

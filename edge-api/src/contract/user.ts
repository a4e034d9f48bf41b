/** User contract (spec §3, §7; DESIGN.md §3). */
import { z } from 'zod';
import { email } from './fields';

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

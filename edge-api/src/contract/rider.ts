/**
 * Riders and the doorstep (DESIGN.md §18): naming riders, assigning orders to a rider's run, the
 * run sheet on the rider's phone, proof of delivery with the order's 4-digit code, failed
 * attempts, and the cash each rider brings back. Money is whole Tk throughout.
 */
import { z } from 'zod';
import { orderStatuses } from './delivery';
import { bdMobile, email } from './fields';
import { shopDateField } from './report';

/**
 * The note a cash shopper pays the rider with (DESIGN.md §18 "Change"): the exact amount, a
 * 500 Tk note or a 1,000 Tk note. Cash orders only; a prepaid order refuses it (400, field `payWith`).
 */
export const payWithChoices = ['exact', '500', '1000'] as const;
export type PayWith = (typeof payWithChoices)[number];

/** The Tk value of each note (`exact`: none, the shopper has the amount). */
const NOTE_TK: Record<PayWith, number | null> = { exact: null, '500': 500, '1000': 1000 };

/**
 * The change a rider brings (Tk): the note minus the amount to collect when the shopper pays
 * with a 500 or 1,000 Tk note larger than the amount, else 0 (exact, no note given, or a note
 * that does not cover the amount — then the shopper pays with more than one).
 */
export function changeToBring(amountToCollect: number, payWith: PayWith | null | undefined): number {
  const note = payWith ? NOTE_TK[payWith] : null;
  return note !== null && note > amountToCollect ? Math.round((note - amountToCollect) * 100) / 100 : 0;
}

/**
 * `PUT` / `DELETE /api/users/rider` body (admin): the account by its verified e-mail or by its
 * phone number (a BD mobile as people write it, matched in E.164) — exactly one of the two.
 * → `{modifiedCount}` (1 or 0), with `reason` when 0 (see {@link riderGrantReasons}).
 */
export const riderGrantSchema = z
  .object({
    email: email.optional(),
    phoneNumber: bdMobile.optional(),
  })
  .superRefine((value, ctx) => {
    const given = (value.email ? 1 : 0) + (value.phoneNumber ? 1 : 0);
    if (given !== 1)
      ctx.addIssue({
        code: 'custom',
        path: [value.email ? 'phoneNumber' : 'email'],
        message:
          given === 0 ? 'Enter an e-mail address or a phone number' : 'Enter an e-mail or a phone number, not both',
      });
  });
export type RiderGrantInput = z.input<typeof riderGrantSchema>;

/**
 * Why `PUT`/`DELETE /api/users/rider` changed nothing (`modifiedCount: 0`): `unknown_account` (no
 * one signed in with that e-mail or phone number yet), `email_not_verified` (a rider needs a
 * verified e-mail or a phone sign-in), `already_rider` (PUT) or `not_a_rider` (DELETE).
 */
export const riderGrantReasons = ['unknown_account', 'email_not_verified', 'already_rider', 'not_a_rider'] as const;
export type RiderGrantReason = (typeof riderGrantReasons)[number];

/** `PUT`/`DELETE /api/users/rider` answer. */
export const riderGrantAnswerSchema = z.object({
  modifiedCount: z.number().int(),
  reason: z.enum(riderGrantReasons).optional().meta({ description: 'Why nothing changed, when modifiedCount is 0' }),
});
export type RiderGrantAnswer = z.infer<typeof riderGrantAnswerSchema>;

/** One rider of `GET /api/riders` (admin), by name. `email`/`phoneNumber` are '' when the account has none. */
export const riderSchema = z.object({
  uid: z.string(),
  name: z.string().meta({ description: 'The display name, else the e-mail or phone number' }),
  email: z.string(),
  phoneNumber: z.string().meta({ description: 'E.164 (+8801…), or empty' }),
});
export type Rider = z.infer<typeof riderSchema>;

/** The most stops one run may have (a stop number beyond it is refused). */
const MAX_STOP = 200;

/**
 * `PUT /api/orders/:id/rider` body (admin): the rider's uid (`GET /api/riders`) and, optionally,
 * the order's place in their run that day (`stop`, 1 = first). Without `stop` it goes last; with
 * one, the stops at and after it move down one. Only Approved, Packed and Out for delivery orders
 * (409 `not_assignable`); a uid that is not a rider is 409 `not_a_rider`. → 200 with the order.
 */
export const riderAssignSchema = z.object({
  riderUid: z.string({ error: 'Choose a rider' }).trim().min(1, { error: 'Choose a rider' }).max(128),
  stop: z
    .number({ error: 'Enter a stop number' })
    .int({ error: 'Enter a whole stop number' })
    .min(1, { error: 'At least 1' })
    .max(MAX_STOP, { error: `At most ${MAX_STOP}` })
    .optional(),
});
export type RiderAssignInput = z.input<typeof riderAssignSchema>;

/** `GET /api/rider/run` and `GET /api/reports/cash` query: a shop date (Dhaka, `YYYY-MM-DD`), today when left out. */
export const runQuery = z.object({ date: shopDateField.optional() });

/**
 * One stop of the rider's run (`GET /api/rider/run`), in stop order. `phone` is the shopper's
 * (E.164) for the Call button; `amountToCollect` is Tk: `finalAmount` (or `totalAmount` before
 * packing) for a cash order, 0 for a prepaid one; `changeToBring` is {@link changeToBring} of it;
 * `note` is the shopper's note for the rider on the address ('' when none).
 */
export const runStopSchema = z.object({
  _id: z.string(),
  stop: z.number().int(),
  customerName: z.string(),
  phone: z.string(),
  address: z.string(),
  areaId: z.string().nullable(),
  deliverySlot: z.object({ id: z.string(), start: z.string(), end: z.string(), label: z.string() }).nullable(),
  orderStatus: z.enum(orderStatuses),
  amountToCollect: z.number().meta({ description: 'Tk; 0 for a prepaid order' }),
  payWith: z
    .enum(payWithChoices)
    .nullable()
    .meta({ description: 'The note the shopper pays with; null for prepaid or not said' }),
  changeToBring: z.number().meta({ description: 'Tk' }),
  note: z.string(),
});
export type RunStop = z.infer<typeof runStopSchema>;

/** `POST /api/rider/run/start` answer: how many of the rider's orders of the day went Out for delivery. */
export const runStartAnswerSchema = z.object({ modifiedCount: z.number().int() });

/** The most Tk one delivery's cash may be (a typo is refused, not stored). */
const MAX_CASH_TK = 1_000_000;

/**
 * `POST /api/orders/:id/delivered` body. `code`: the 4 digits the shopper reads out (required of
 * a rider; an admin's mark needs none and one sent is not checked). A wrong code is 400
 * `wrong_delivery_code` (`details.attemptsLeft`); after 5 wrong codes 429 `delivery_code_locked`
 * until an admin marks it. `cashCollected`: Tk taken at the door, for a cash order (≥ 0; left out
 * = the amount to collect). → 200 with the order, Delivered. Another rider's order is 403
 * `not_your_stop`. Optional `Idempotency-Key`: a replay answers the first answer.
 */
export const deliveredInputSchema = z.object({
  code: z
    .string({ error: 'Enter the 4-digit code' })
    .trim()
    .regex(/^\d{4}$/, { error: 'Enter the 4-digit code' })
    .optional(),
  cashCollected: z
    .number({ error: 'Enter the cash collected (Tk)' })
    .min(0, { error: 'Must be 0 or more' })
    .max(MAX_CASH_TK, { error: `At most ${MAX_CASH_TK} Tk` })
    .optional(),
});
export type DeliveredInput = z.input<typeof deliveredInputSchema>;

/** How many wrong codes lock an order's delivery code (429 `delivery_code_locked`). */
export const MAX_CODE_FAILURES = 5;

/** Why a delivery did not happen (`POST /api/orders/:id/attempt`). */
export const attemptReasons = ['no_answer', 'address_not_found', 'refused'] as const;
export type AttemptReason = (typeof attemptReasons)[number];

/**
 * `POST /api/orders/:id/attempt` body (the assigned rider, or an admin): why it could not be
 * delivered; recorded in the order's `attempts`, the order keeps its state. → 200 with the order.
 * Optional `Idempotency-Key`.
 */
export const attemptInputSchema = z.object({
  reason: z.enum(attemptReasons, { error: `Choose one of ${attemptReasons.join(', ')}` }),
});
export type AttemptInput = z.input<typeof attemptInputSchema>;

/** A failed attempt as the order records it: when (ISO 8601) and why. */
export const attemptSchema = z.object({ at: z.string(), reason: z.enum(attemptReasons) });
export type Attempt = z.infer<typeof attemptSchema>;

/** The rider an order is assigned to, as the owner and admins see it (`phone` E.164, '' when none). */
export const orderRiderSchema = z.object({ uid: z.string(), name: z.string(), phone: z.string() });
export type OrderRider = z.infer<typeof orderRiderSchema>;

/**
 * One rider of `GET /api/reports/cash?date=` (admin): their cash orders delivered on that shop
 * date's run (not cancelled), the cash those should bring (`expected`: the sum of amountToCollect
 * of the delivered ones) and what they recorded (`collected`), Tk. Sorted by name.
 */
export const cashReportRowSchema = z.object({
  riderUid: z.string(),
  name: z.string(),
  orders: z.number().int().meta({ description: 'Cash orders delivered' }),
  expected: z.number().meta({ description: 'Tk' }),
  collected: z.number().meta({ description: 'Tk' }),
});
export type CashReportRow = z.infer<typeof cashReportRowSchema>;

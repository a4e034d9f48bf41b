/**
 * Store credit (DESIGN.md §19): an append-only ledger per account. A claim credited (problem.ts)
 * adds to it, an order that uses it (`useCredit`) takes from it in the order's own batch, and a
 * cancelled order gives back what it took. The balance is the sum of the entries and never goes
 * below zero; two orders at once never spend the same credit. Money is Tk to the poisha.
 */
import { z } from 'zod';

/**
 * Why an entry was written: `problem` (a claim credited, at once or by an admin: +), `order` (used
 * on an order: −), `order_cancelled` (an order that used credit was cancelled: + what it took),
 * `packing` (an order packed for less than the credit it used: + the difference, DESIGN.md §17).
 */
export const creditReasons = ['problem', 'order', 'order_cancelled', 'packing'] as const;
export type CreditReason = (typeof creditReasons)[number];

/** One ledger entry: when (ISO 8601), how much (Tk, + given, − spent), why, and the order it concerns. */
export const creditEntrySchema = z.object({
  at: z.string(),
  amount: z.number().meta({ description: 'Tk: positive given, negative spent' }),
  reason: z.enum(creditReasons),
  orderId: z.string().nullable(),
  problemId: z.string().nullable(),
});
export type CreditEntry = z.infer<typeof creditEntrySchema>;

/** `GET /api/users/me/credit` answer: the balance (Tk, ≥ 0) and the entries, newest first (at most 100). */
export const creditAnswerSchema = z.object({
  balance: z.number().meta({ description: 'Tk' }),
  entries: z.array(creditEntrySchema),
});
export type CreditAnswer = z.infer<typeof creditAnswerSchema>;

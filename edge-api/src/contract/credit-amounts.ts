/**
 * The store credit an order takes and what is still owed (DESIGN.md §19; the ledger and its wire
 * shapes are credit.ts), in a module of its own without zod: the cart's price summary loads with
 * the shop and reads only these. Money is Tk to the poisha.
 */

/**
 * The credit an order takes (Tk): all of the balance up to the order's subtotal (the lines at
 * their estimated prices, without the delivery fee), DESIGN.md §19. Both in Tk; to the poisha.
 */
export const creditToApply = (balance: number, subtotal: number): number =>
  Math.max(0, Math.round(Math.min(balance, subtotal) * 100) / 100);

/**
 * What is still owed on an order once its credit is applied (Tk, never below 0): the bill (the
 * final bill once packed, else the estimate, for cash; the ceiling charged, for prepaid orders) less
 * `creditApplied`.
 */
export const amountDue = (bill: number, creditApplied: number | undefined): number =>
  Math.max(0, Math.round((bill - (creditApplied ?? 0)) * 100) / 100);

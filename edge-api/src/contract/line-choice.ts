/**
 * What the shopper asks of each cart line when it is packed (DESIGN.md §17 "Choices on each
 * line"), zod-free so the cart can use it: whether a substitute may be packed when the product is
 * missing, and a short note for the packer ("ripe ones", "small pieces"). The schemas are in order.ts.
 */

/**
 * `none`: no substitute, a missing product is left out and not charged (the default: Bangladesh's
 * 2021 Digital Commerce guidelines forbid forcing a substitute on a buyer); `similar`: the packer
 * may pack a similar product, charged at most what the ordered line cost; `call`: the packer calls
 * the shopper first.
 */
export const substitutions = ['none', 'similar', 'call'] as const;
export type Substitution = (typeof substitutions)[number];

/** The choice of a line the shopper made none for. */
export const DEFAULT_SUBSTITUTION: Substitution = 'none';

/** The longest note on a line (characters, plain text). */
export const MAX_LINE_NOTE = 80;

/** A line's choices as the cart keeps them per product and an order carries them. */
export type LineChoice = { substitution: Substitution; note?: string | undefined };

/** True when a substitute may be packed for a line with `substitution` (DESIGN.md §17 "Packing"). */
export const allowsSubstitute = (substitution: Substitution): boolean => substitution !== 'none';

/**
 * What My Orders says of an order's line once it is packed (DESIGN.md §17): ordered against
 * packed — "1 kg → 0.95 kg" for a weighed line, "Deshi tomato → Hybrid tomato" for a substitute,
 * "Not found — not charged" — in the language shown (Bangla "১ কেজি → ০.৯৫ কেজি"). A line packed
 * as ordered says nothing. Pure over the order's stored line and its packing. Also a line's
 * packing choices as the shopper made them ("If missing: Similar is fine · Note: ripe ones").
 */
import type { Order, PackedLine } from '@contract/order';
import { packedGramsRange } from '@contract/weighed-pricing';
import { formatNumber } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';

type OrderLine = Order['orderedProduct'][number];

/**
 * A weight in grams as a shopper reads it: in kg from 1000 g up, else in g ("0.95 kg", "450 g";
 * Bangla "০.৯৫ কেজি", "৪৫০ গ্রাম"); `inKg` picks kg whatever the weight (a packed weight in the unit ordered).
 */
export const weightLabel = (grams: number, inKg = grams >= 1000): string =>
  inKg
    ? t('myOrders.packed.kg', { kg: formatNumber(grams / 1000, { maximumFractionDigits: 3 }) })
    : t('myOrders.packed.g', { g: formatNumber(grams) });

/** How `line` was packed (`packed`, its entry in the order's packing), or undefined when it was packed as ordered or not yet. */
export function packedLineText(
  line: OrderLine,
  packed: PackedLine | undefined,
  nameOf: (product: { _id: string; name: string }) => string,
): { kind: 'weight' | 'substitute' | 'missing'; text: string } | undefined {
  if (!packed) return undefined;
  if (packed.substitute)
    return {
      kind: 'substitute',
      text: t('myOrders.packed.change', { ordered: nameOf(line), packed: nameOf(packed.substitute) }),
    };
  if (!packed.found) return { kind: 'missing', text: t('myOrders.packed.notFound') };
  const range = packedGramsRange(line);
  if (packed.packedGrams == null || !range) return undefined;
  return {
    kind: 'weight',
    text: t('myOrders.packed.change', {
      ordered: weightLabel(range.nominal),
      packed: weightLabel(packed.packedGrams, range.nominal >= 1000),
    }),
  };
}

/** The words for a line's substitution choice (DESIGN.md §17). */
const choiceLabel = {
  none: () => t('lineChoice.none'),
  similar: () => t('lineChoice.similar'),
  call: () => t('lineChoice.call'),
} as const;

/**
 * A line's packing choices in the language shown, "If missing: Similar is fine · Note: ripe
 * ones"; undefined when the shopper made none (no substitute, no note; a line kept from before
 * choices has neither).
 */
export function lineChoiceText(line: Partial<Pick<OrderLine, 'substitution' | 'note'>>): string | undefined {
  const substitution = line.substitution ?? 'none';
  const parts = [
    substitution !== 'none' && t('lineChoice.ifMissingShown', { choice: choiceLabel[substitution]() }),
    line.note && t('lineChoice.noteShown', { note: line.note }),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

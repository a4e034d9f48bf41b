/**
 * The ceiling of an order with weighed lines (DESIGN.md §17 "Weighed lines"): what checkout says
 * when the final bill may come out above the estimate. A line of kg or g with a weight tolerance
 * is billed by the weight packed, so the order costs "about" its subtotal and "at most" its
 * `maxAmount`, both from the shop's one pricing function (contract/pricing.ts priceOrder).
 */
import { type AreaPricing } from '@contract/pricing';
import { priceOrder, type WeighableLine } from '@contract/weighed-pricing';
import type { PaymentMethod } from '@contract/order';
import { formatPrice } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';

/** The estimate and the most an order of `lines` to `area` can cost (whole Tk); undefined when no line is weighed. */
export function ceilingOf(
  lines: readonly WeighableLine[],
  area?: Omit<AreaPricing, 'minimumOrder'> | null,
): { about: number; atMost: number } | undefined {
  const { subtotal, maxAmount } = priceOrder(lines, area);
  return maxAmount > subtotal ? { about: subtotal, atMost: maxAmount } : undefined;
}

/**
 * The ceiling's words in the language shown: "About 130 Tk, at most 137 Tk", why (weighed items
 * are billed by the weight packed, never above the most), and for an order paid now (bKash, card)
 * that the most is charged and the difference refunded after packing. Undefined with no weighed line.
 */
export function ceilingTexts(
  lines: readonly WeighableLine[],
  area: Omit<AreaPricing, 'minimumOrder'> | null | undefined,
  method: PaymentMethod | undefined,
): { amounts: string; why: string; prepaid?: string } | undefined {
  const ceiling = ceilingOf(lines, area);
  if (!ceiling) return undefined;
  const values = { about: formatPrice(ceiling.about), atMost: formatPrice(ceiling.atMost) };
  return {
    amounts: t('checkout.ceiling.amounts', values),
    why: t('checkout.ceiling.why', values),
    ...(method === 'bkash' || method === 'card' ? { prepaid: t('checkout.ceiling.prepaid', values) } : {}),
  };
}

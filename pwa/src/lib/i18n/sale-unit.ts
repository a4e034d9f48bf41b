/**
 * Sale units in the language shown (DESIGN.md §4 "Units", §9): the one rule for every screen that
 * shows a price or a quantity — product cards and their stepper, the cart and its bar, checkout,
 * My Orders, an order's details and its packing slip, Order again. A kg product keeps the spec's
 * texts ("30 Tk / kg", "2 Kg"); the others read "30 Tk / 250 g", "2 × 250 g", "20 Tk / 4 pcs",
 * "15 Tk / bundle", "2 bundles", "45 Tk / hali", and in Bangla "৳৩০ / ২৫০ গ্রাম", "২ × ২৫০ গ্রাম",
 * "২ আঁটি", with Bangla digits. Anything stored before products had units (a cart line, an order
 * line, a mirrored product) is 1 kg.
 */
import { saleUnitOf, type SaleUnit, type SaleUnitOf } from '@contract/catalogue';
import { formatNumber, formatPrice } from '../format';
import { t } from './i18n';

/** True for the spec's own unit, 1 kg: its texts stay the spec's. */
const isKilogram = (item: SaleUnitOf): boolean => {
  const { unit, unitSize } = saleUnitOf(item);
  return unit === 'kg' && unitSize === 1;
};

/**
 * The sale unit as a price names it: "kg", "250 g", "piece", "4 pcs", "bundle", "dozen", "hali";
 * Bangla "কেজি", "২৫০ গ্রাম", "পিস", "৪ পিস", "আঁটি", "ডজন", "হালি".
 */
export function unitLabel(item: SaleUnitOf): string {
  const { unit, unitSize: size } = saleUnitOf(item);
  switch (unit) {
    case 'kg':
      return size === 1 ? t('unit.kg') : t('unit.kgSize', { size });
    case 'g':
      return t('unit.grams', { size });
    case 'piece':
      return t('unit.pieces', { size });
    case 'bundle':
      return t('unit.bundles', { size });
    case 'dozen':
      return t('unit.dozen', { size });
    case 'hali':
      return t('unit.hali', { size });
  }
}

/** A sale unit as the product form's dropdown names it: "Per kg" and the like; every unit has an entry. */
export function unitOptionLabel(unit: SaleUnit): string {
  const labels: Record<SaleUnit, () => string> = {
    kg: () => t('unit.option.kg'),
    g: () => t('unit.option.g'),
    piece: () => t('unit.option.piece'),
    bundle: () => t('unit.option.bundle'),
    dozen: () => t('unit.option.dozen'),
    hali: () => t('unit.option.hali'),
  };
  return labels[unit]();
}

/** What follows a price: "/ kg", "/ 250 g", Bangla "/ কেজি", "/ ২৫০ গ্রাম". */
export const perUnitSuffix = (item: SaleUnitOf): string =>
  isKilogram(item) ? t('price.kgUnit') : t('unit.perSuffix', { unit: unitLabel(item) });

/** A price per sale unit: "30 Tk / kg", "30 Tk / 250 g", "20 Tk / 4 pcs"; Bangla "৳৩০ / ২৫০ গ্রাম". */
export const unitPrice = (price: number, item: SaleUnitOf): string =>
  isKilogram(item)
    ? t('price.perKg', { price: formatPrice(price) })
    : t('unit.price', { price: formatPrice(price), unit: unitLabel(item) });

/**
 * `quantity` whole sale units: "2 Kg" (the spec's), "2 × 250 g", "2 × 4 pcs", "1 piece",
 * "2 bundles", "2 dozen", "3 hali"; Bangla "২ কেজি", "২ × ২৫০ গ্রাম", "২ আঁটি", "৩ হালি".
 */
export function quantityLabel(quantity: number, item: SaleUnitOf): string {
  const { unit, unitSize } = saleUnitOf(item);
  if (isKilogram(item)) return t('cart.kg', { quantity: formatNumber(quantity) });
  if (unitSize === 1)
    switch (unit) {
      case 'piece':
        return t('unit.countPieces', { count: quantity });
      case 'bundle':
        return t('unit.countBundles', { count: quantity });
      case 'dozen':
        return t('unit.countDozen', { count: quantity });
      case 'hali':
        return t('unit.countHali', { count: quantity });
      default:
        break;
    }
  return t('unit.times', { count: quantity, unit: unitLabel(item) });
}

/**
 * {@link quantityLabel} in the pieces a narrow control may break it into, never inside a size:
 * "2 × 250 g" → ["2 ×", "250 g"] (Bangla ["২ ×", "২৫০ গ্রাম"]); a label without a × is one piece.
 * Joined with spaces they are the label.
 */
export function quantityParts(quantity: number, item: SaleUnitOf): string[] {
  const label = quantityLabel(quantity, item);
  const unit = unitLabel(item);
  const count = label.endsWith(unit) && label.length > unit.length ? label.slice(0, -unit.length).trimEnd() : '';
  return count.endsWith('×') ? [count, unit] : [label];
}

/** A weighed unit's tolerance: "± 50 g" (Bangla "± ৫০ গ্রাম"); undefined when it has none. */
export const toleranceLabel = (grams: number | null | undefined): string | undefined =>
  grams ? t('unit.tolerance', { grams }) : undefined;

/**
 * One ordered line in a sentence: "Potato (Alu) × 2 Kg" (the spec's, for kg), else
 * "Green Chili Pack · 2 × 250 g"; Bangla "আলু × ২ কেজি", "কাঁচা মরিচ প্যাকেট · ২ × ২৫০ গ্রাম".
 */
export const lineLabel = (name: string, quantity: number, item: SaleUnitOf): string =>
  isKilogram(item)
    ? t('checkout.lineKg', { name, quantity })
    : t('unit.line', { name, quantity: quantityLabel(quantity, item) });

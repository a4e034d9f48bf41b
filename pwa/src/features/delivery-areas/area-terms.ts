/** What delivering to an area costs, in words (DESIGN.md §15): its fee, minimum order and free-delivery line. */
import { formatPrice } from '../../lib/format';
import { t } from '../../lib/i18n/i18n';
import type { DeliveryArea } from './area-model';

/**
 * `area`'s terms in the language shown, e.g. "Delivery 100 Tk · Minimum order 500 Tk · Free
 * delivery from 2,000 Tk"; an area without a fee of its own says the spec's rule (40 Tk, 80 Tk
 * above 200 Tk of goods).
 */
export function areaTerms(area: Pick<DeliveryArea, 'fee' | 'minimumOrder' | 'freeDeliveryAbove'>): string {
  return [
    area.fee == null ? t('area.feeStandard') : t('area.fee', { fee: formatPrice(area.fee) }),
    area.minimumOrder > 0 ? t('area.minimum', { minimum: formatPrice(area.minimumOrder) }) : undefined,
    area.freeDeliveryAbove != null ? t('area.freeAbove', { amount: formatPrice(area.freeDeliveryAbove) }) : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
}

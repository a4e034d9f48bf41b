import { describe, expect, it } from 'vitest';
import { chooseLocale } from '../../lib/i18n/i18n';
import { switchableLanguages } from '../../testing/languages';
import { areaTerms } from './area-terms';

switchableLanguages();

const savar = { fee: 100, minimumOrder: 500, freeDeliveryAbove: 2000 };
const core = { fee: null, minimumOrder: 0, freeDeliveryAbove: null };

describe('what delivering to an area costs, in words', () => {
  it('says the fee, the minimum order and the free-delivery line of a periphery area', async () => {
    await chooseLocale('en');
    expect(areaTerms(savar)).toBe('Delivery 100 Tk · Minimum order 500 Tk · Free delivery from 2,000 Tk');
    await chooseLocale('bn');
    expect(areaTerms(savar)).toBe('ডেলিভারি ৳১০০ · সর্বনিম্ন অর্ডার ৳৫০০ · ৳২,০০০ থেকে ফ্রি ডেলিভারি');
  });

  it('says the spec’s rule for an area without a fee of its own, and nothing of a minimum it does not ask', async () => {
    await chooseLocale('en');
    expect(areaTerms(core)).toBe('Delivery 40 Tk, 80 Tk above 200 Tk of goods');
    expect(areaTerms({ fee: 60, minimumOrder: 0, freeDeliveryAbove: null })).toBe('Delivery 60 Tk');
  });
});

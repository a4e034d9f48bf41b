import { describe, expect, it } from 'vitest';
import { chooseLocale } from '../../lib/i18n/i18n';
import { switchableLanguages } from '../../testing/languages';
import { reviewerName } from './reviewer-name';

switchableLanguages();

describe('reviewerName', () => {
  it("shows the reviewer's name as the API sends it, in either language", async () => {
    await chooseLocale('bn');
    expect(reviewerName({ name: 'Nila Akter' })).toBe('Nila Akter');
    await chooseLocale('en');
    expect(reviewerName({ name: 'Nila Akter' })).toBe('Nila Akter');
  });

  it('shows "Customer" in the language shown for a review without a name', async () => {
    await chooseLocale('en');
    expect(reviewerName({ name: '' })).toBe('Customer');
    await chooseLocale('bn');
    expect(reviewerName({ name: '' })).toBe('গ্রাহক');
    expect(reviewerName({ name: '  ' })).toBe('গ্রাহক');
  });
});

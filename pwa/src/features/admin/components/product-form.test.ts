/** The product form's messages as react-hook-form gets them from the contract (zodResolver). */
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { productInputSchema } from '@contract/product';
import { contractError } from '../../../lib/i18n/contract-errors';
import { chooseLocale, loadRoleMessages } from '../../../lib/i18n/i18n';
import { switchableLanguages } from '../../../testing/languages';

switchableLanguages();

const messagesFor = async (values: Record<string, unknown>) => {
  const result = await zodResolver(productInputSchema)(
    { name: 'Tomato', image: '/products/tomato.webp', category: 'vegetable', ...values } as never,
    undefined,
    { fields: {}, shouldUseNativeValidation: false },
  );
  return Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [field, (error as { message?: string }).message]),
  );
};

describe('the product form', () => {
  it("says how to write a price for an empty or wrong one, not zod's 'expected number'", async () => {
    for (const price of ['', '  ', 'sixty', '-5'])
      expect(await messagesFor({ price })).toEqual({ price: 'Enter a price in Tk, e.g. 60 or 12.5' });
    expect(await messagesFor({ price: '0' })).toEqual({ price: 'The price must be more than 0 Tk' });
    expect(await messagesFor({ price: '60' })).toEqual({});
  });
});

describe("the product form's sale unit", () => {
  it('takes the unit, its size and a tolerance as the form sends them (text), an empty tolerance as none', async () => {
    expect(await messagesFor({ price: '30', unit: 'g', unitSize: '250', weightTolerance: '50' })).toEqual({});
    expect(await messagesFor({ price: '30', unit: 'bundle', unitSize: '1', weightTolerance: '' })).toEqual({});
  });

  it('names each wrong field with its own message, in English and in Bangla', async () => {
    const wrong = await messagesFor({ price: '30', unit: 'lb', unitSize: '0', weightTolerance: 'about 50' });
    expect(wrong).toEqual({
      unit: 'Choose kg, g, piece, bundle, dozen or hali',
      unitSize: 'Enter a whole number from 1 to 10,000, e.g. 1, 4 or 250',
      weightTolerance: 'Enter grams from 1 to 1,000, or leave it empty',
    });
    expect(await messagesFor({ price: '30', unitSize: '' })).toEqual({ unitSize: wrong.unitSize });
    for (const message of Object.values(wrong)) expect(contractError(message)).toBe(message);
    await loadRoleMessages(); // as a role's screen does: the forms that say these are role screens
    await chooseLocale('bn');
    expect(Object.values(wrong).map(contractError)).toEqual([
      'কেজি, গ্রাম, পিস, আঁটি, ডজন বা হালি বেছে নিন',
      '১ থেকে ১০,০০০-এর মধ্যে একটি পূর্ণ সংখ্যা দিন, যেমন ১, ৪ বা ২৫০',
      '১ থেকে ১,০০০ গ্রামের মধ্যে দিন, অথবা খালি রাখুন',
    ]);
  });
});

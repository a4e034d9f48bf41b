/** The product form's messages as react-hook-form gets them from the contract (zodResolver). */
import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { productInputSchema } from '@contract/product';

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

/** How My Orders reads bKash's return from its URL, and says bKash's refusal codes (lib/bkash.ts). */
import { describe, expect, it } from 'vitest';
import { switchableLanguages } from '../testing/languages';
import { bkashCodeText, readBkashReturn } from './bkash';
import { chooseLocale } from './i18n/i18n';

switchableLanguages();

/** A URL anyone can send a shopper: our own alert must never carry its words. */
const planted = 'order=o1&bkash=failed&bkashCode=Call%20+8801700000000%20to%20claim';
const plantedWords = ['Call', '8801700000000', 'claim'];

describe('readBkashReturn', () => {
  it("reads the callback's redirect: order, outcome and bKash's code", () => {
    expect(readBkashReturn(new URLSearchParams('order=o1&bkash=failed&bkashCode=2023'))).toEqual({
      orderId: 'o1',
      outcome: 'failed',
      code: '2023',
    });
    expect(readBkashReturn(new URLSearchParams('order=o1&bkash=paid'))).toEqual({ orderId: 'o1', outcome: 'paid' });
    expect(readBkashReturn(new URLSearchParams('bkash=offline'))).toEqual({ outcome: 'offline' });
  });

  it('says nothing for a URL without a known outcome', () => {
    expect(readBkashReturn(new URLSearchParams(''))).toBeUndefined();
    expect(readBkashReturn(new URLSearchParams('order=o1&bkash=approved'))).toBeUndefined();
  });
});

describe('readBkashReturn and a code we have no text for', () => {
  it('drops an unknown code or free text, keeping the outcome and the order', () => {
    expect(readBkashReturn(new URLSearchParams(planted))).toEqual({ orderId: 'o1', outcome: 'failed' });
    expect(readBkashReturn(new URLSearchParams('bkash=failed&bkashCode=2029'))).toEqual({ outcome: 'failed' });
    // Only own keys of the catalogue count, never what every object inherits.
    expect(readBkashReturn(new URLSearchParams('bkash=failed&bkashCode=toString'))).toEqual({ outcome: 'failed' });
  });
});

describe('bkashCodeText', () => {
  it("says bKash's refusals the shopper can act on in words, any other code in general words", () => {
    expect(bkashCodeText('2023')).toBe('Your bKash account does not have enough balance for this order.');
    expect(bkashCodeText('2056')).toContain('can no longer be completed');
    expect(bkashCodeText('2062')).toContain('already completed');
    expect(bkashCodeText('2117')).toContain('already submitted once');
    expect(bkashCodeText('2029')).toBe('Please try again, or pay on delivery.');
    expect(bkashCodeText(undefined)).toBe('Please try again, or pay on delivery.');
  });

  it('never puts any part of the URL into its text, in English or Bangla', async () => {
    const code = new URLSearchParams(planted).get('bkashCode') ?? '';
    for (const locale of ['en', 'bn'] as const) {
      await chooseLocale(locale);
      const said = [bkashCodeText(code), bkashCodeText(readBkashReturn(new URLSearchParams(planted))?.code)];
      for (const text of said) for (const word of [...plantedWords, '2029']) expect(text).not.toContain(word);
      expect(bkashCodeText('2029')).toBe(bkashCodeText(undefined));
      expect(bkashCodeText('2023')).not.toBe(bkashCodeText(undefined));
    }
  });
});

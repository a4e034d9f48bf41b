/** How My Orders reads bKash's return from its URL, and says bKash's refusal codes (lib/bkash.ts). */
import { describe, expect, it } from 'vitest';
import { bkashCodeText, readBkashReturn } from './bkash';

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

describe('bkashCodeText', () => {
  it("says bKash's refusals the shopper can act on in words, any other code by its number", () => {
    expect(bkashCodeText('2023')).toBe('Your bKash account does not have enough balance for this order.');
    expect(bkashCodeText('2056')).toContain('can no longer be completed');
    expect(bkashCodeText('2062')).toContain('already completed');
    expect(bkashCodeText('2117')).toContain('already submitted once');
    expect(bkashCodeText('2029')).toBe('bKash refused the payment (code 2029). Please try again, or pay on delivery.');
    expect(bkashCodeText(undefined)).toBe('Please try again, or pay on delivery.');
  });
});

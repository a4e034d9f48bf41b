import { describe, expect, it } from 'vitest';
import { codeDigits, telHref } from './delivery-code';

describe('the delivery code in My Orders', () => {
  it('shows each digit, leading zeros kept, in Bangla digits in Bangla', () => {
    expect(codeDigits('0427', 'en')).toEqual(['0', '4', '2', '7']);
    expect(codeDigits('0427', 'bn')).toEqual(['০', '৪', '২', '৭']);
  });

  it("dials the rider's number as stored", () => {
    expect(telHref('+8801711223344')).toBe('tel:+8801711223344');
    expect(telHref('01711-223344')).toBe('tel:01711223344');
  });
});

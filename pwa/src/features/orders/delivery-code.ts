/**
 * The delivery code as My Orders shows it (DESIGN.md §18 "Proof of delivery"), pure: its four
 * digits one by one in the language shown (Bangla digits in Bangla; the rider's page reads either),
 * leading zeros kept, so the shopper reads them out to the rider digit by digit.
 */

/** The Bangla digits ০–৯, by value. */
const BANGLA_DIGITS = '০১২৩৪৫৬৭৮৯';

/** `code`'s digits, each in `locale`'s digits (`bn`: Bangla); any other character as it is. */
export function codeDigits(code: string, locale: 'en' | 'bn'): string[] {
  return [...code].map((char) => (locale === 'bn' && /\d/.test(char) ? (BANGLA_DIGITS[Number(char)] ?? char) : char));
}

/** The `tel:` link of a phone number as stored (E.164, or as typed): its digits and a leading `+` only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * Bangladeshi mobile numbers (DESIGN.md §3, phone sign-in): people write them as `01711-223344`,
 * `01711223344`, `+880 1711 223344` or `8801711223344`; Firebase's phone sign-in takes E.164
 * (`+8801711223344`). A BD mobile number is `01` and an operator digit 3–9, then 8 digits
 * (BTRC's numbering plan: 013–019).
 */

/** The E.164 form of a BD mobile number: +880, then 1[3-9] and 8 digits. */
const BD_MOBILE_E164 = /^\+8801[3-9]\d{8}$/;

/**
 * Normalises a Bangladeshi mobile number as people write it to E.164. Spaces, hyphens, dots and
 * brackets between digits are ignored; a leading `+880`, `880`, `00880` or nothing before the
 * national `01…` form is accepted.
 * @returns `+8801XXXXXXXXX`, or undefined when `input` is not a BD mobile number.
 */
export function toBdMobileE164(input: string): string | undefined {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  const digits = compact.replace(/^\+/, '');
  const plus = compact.startsWith('+');
  let national: string | undefined;
  if (!plus && /^01\d{9}$/.test(digits)) national = digits;
  else if (/^8801\d{9}$/.test(digits)) national = digits.slice(2);
  else if (!plus && /^008801\d{9}$/.test(digits)) national = digits.slice(4);
  if (!national) return undefined;
  const e164 = `+88${national}`;
  return BD_MOBILE_E164.test(e164) ? e164 : undefined;
}

/**
 * How a stored phone number is shown (DESIGN.md §15): a BD mobile in E.164 (`+8801711223344`)
 * as people here write it, `01711-223344`; anything else (a number stored before phones were
 * checked) as it is.
 */
export function toBdMobileDisplay(stored: string): string {
  const match = /^\+880(1\d{3})(\d{6})$/.exec(stored);
  return match ? `0${match[1]}-${match[2]}` : stored;
}

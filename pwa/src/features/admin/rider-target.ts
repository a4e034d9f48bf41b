/**
 * Who the admin names as a rider on Add Rider (DESIGN.md §18), pure: one field takes an e-mail
 * address or a Bangladeshi mobile number as people write it (`01711-223344`, `+880 1711 223344`),
 * and the API is sent `{email}` or `{phoneNumber}` (E.164, as Firebase's phone sign-in keeps it).
 */
import { toBdMobileE164 } from '@contract/phone';

/** The body of `PUT` / `DELETE /api/users/rider`: one account, by e-mail or by phone number. */
export type RiderTarget = { email: string } | { phoneNumber: string };

/** An e-mail address as the browser's `type=email` field checks it (HTML's valid e-mail address, simplified). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads what the admin typed: an e-mail (trimmed, lower-cased) or a BD mobile number (to E.164).
 * @returns the request body, or undefined when `input` is neither.
 */
export function riderTarget(input: string): RiderTarget | undefined {
  const text = input.trim();
  if (text.includes('@')) return EMAIL.test(text) ? { email: text.toLowerCase() } : undefined;
  const phoneNumber = toBdMobileE164(text);
  return phoneNumber ? { phoneNumber } : undefined;
}

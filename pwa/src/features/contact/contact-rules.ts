/**
 * The contact form's rules (spec §5): every field required; first name ≤ 80 characters, last name
 * ≤ 100, phone ≤ 12, the e-mail shaped like one; each value trimmed before it is checked. They are
 * react-hook-form's own rules, not a zod schema: the contact page is one of the shop's public pages,
 * kept on every phone, and zod stays with the screens of a signed-in shopper.
 */
import type { RegisterOptions } from 'react-hook-form';
import { t } from '../../lib/i18n/i18n';

/** What the form sends: the trimmed fields. */
export type ContactMessage = { firstName: string; lastName: string; email: string; phone: string; message: string };

// Messages are functions: read when a field is checked, so they are in the language shown then.
const required = (max?: number): RegisterOptions<ContactMessage> => ({
  setValueAs: (value: string) => value.trim(),
  validate: {
    required: (value: string) => value !== '' || t('form.required'),
    ...(max ? { tooLong: (value: string) => value.length <= max || t('form.tooLong', { max }) } : {}),
  },
});

/** Each field's rules, for `register(name, contactRules[name])`. */
export const contactRules: Record<keyof ContactMessage, RegisterOptions<ContactMessage>> = {
  firstName: required(80),
  lastName: required(100),
  email: {
    setValueAs: (value: string) => value.trim(),
    validate: {
      required: (value: string) => value !== '' || t('form.required'),
      email: (value: string) => /^\S+@\S+$/.test(value) || t('form.email'),
    },
  },
  phone: required(12),
  message: required(),
};

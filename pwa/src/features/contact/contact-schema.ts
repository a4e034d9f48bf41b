/** The contact form's rules (spec §5): every field required; first name ≤ 80, last name ≤ 100, phone ≤ 12. */
import { z } from 'zod';
import { t } from '../../lib/i18n/i18n';

// Messages are functions: read when a field is checked, so they are in the language shown then.
const required = (max?: number) => {
  const base = z
    .string()
    .trim()
    .min(1, { error: () => t('form.required') });
  return max ? base.max(max, { error: () => t('form.tooLong', { max }) }) : base;
};

export const contactSchema = z.object({
  firstName: required(80),
  lastName: required(100),
  email: required().regex(/^\S+@\S+$/, { error: () => t('form.email') }),
  phone: required(12),
  message: required(),
});

export type ContactMessage = z.infer<typeof contactSchema>;

/** The contact form's rules (spec §5): every field required; first name ≤ 80, last name ≤ 100, phone ≤ 12. */
import { z } from 'zod';

const required = (max?: number) => {
  const base = z.string().trim().min(1, { error: 'Required' });
  return max ? base.max(max, { error: `At most ${max} characters` }) : base;
};

export const contactSchema = z.object({
  firstName: required(80),
  lastName: required(100),
  email: required().regex(/^\S+@\S+$/, { error: 'Enter an e-mail like name@example.com' }),
  phone: required(12),
  message: required(),
});

export type ContactMessage = z.infer<typeof contactSchema>;

import { useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { useT } from '../../../lib/i18n/i18n';
import { contactRules, type ContactMessage } from '../contact-rules';

/**
 * The contact form (spec §5) with an inline message per invalid field (react-hook-form's rules, contact-rules.ts).
 * As in the spec, submitting makes no call; the shopper is thanked and the form cleared.
 */
export function ContactForm({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const t = useT();
  const [sentBy, setSentBy] = useState<string>();
  const { register, handleSubmit, reset, formState } = useForm<ContactMessage>();
  const errors: FieldErrors<ContactMessage> = formState.errors;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const inputs = [
    ['firstName', t('contact.firstName'), 'text'],
    ['lastName', t('contact.lastName'), 'text'],
    ['email', t('contact.email'), 'email'],
    ['phone', t('contact.phone'), 'tel'],
  ] as const;
  const onSubmit = (message: ContactMessage) => {
    console.info('Contact message', message);
    setSentBy(message.firstName);
    reset();
  };
  return (
    <section className="mx-auto my-12 max-w-3xl px-4" aria-labelledby="contact-heading">
      <Heading id="contact-heading" className="text-2xl font-bold">
        {t('contact.heading')}
      </Heading>
      <p className="mt-2 text-base-content/80">{t('contact.intro')}</p>
      {sentBy && (
        <p className="alert alert-success mt-4" role="status">
          {t('contact.thanks', { name: sentBy })}
        </p>
      )}
      <form className="mt-6 grid gap-4 sm:grid-cols-2" onSubmit={handleSubmit(onSubmit)} noValidate>
        {inputs.map(([name, label, type]) => (
          <FormField key={name} label={label} error={errors[name]?.message}>
            {(field) => (
              <input
                {...field}
                type={type}
                className={`input input-bordered min-h-11 w-full ${errors[name] ? 'input-error' : ''}`}
                {...register(name, contactRules[name])}
              />
            )}
          </FormField>
        ))}
        <FormField label={t('contact.message')} className="sm:col-span-2" error={errors.message?.message}>
          {(field) => (
            <textarea
              {...field}
              rows={5}
              className={`textarea textarea-bordered w-full ${errors.message ? 'textarea-error' : ''}`}
              {...register('message', contactRules.message)}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary min-h-11 sm:col-span-2 sm:justify-self-start">
          {t('contact.send')}
        </button>
      </form>
    </section>
  );
}

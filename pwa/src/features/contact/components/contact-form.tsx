import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import { contactSchema, type ContactMessage } from '../contact-schema';

function Field(props: { label: string; error: string | undefined; registration: UseFormRegisterReturn; type?: string; multiline?: boolean }) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = { id, 'aria-invalid': props.error ? true : undefined, 'aria-describedby': props.error ? errorId : undefined, ...props.registration };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">{props.label}</label>
      {props.multiline ? (
        <textarea rows={5} className={`textarea textarea-bordered w-full ${props.error ? 'textarea-error' : ''}`} {...common} />
      ) : (
        <input type={props.type ?? 'text'} className={`input input-bordered min-h-11 w-full ${props.error ? 'input-error' : ''}`} {...common} />
      )}
      {props.error && <p id={errorId} className="mt-1 text-sm text-error">{props.error}</p>}
    </div>
  );
}

/**
 * The contact form (spec §5) with an inline message per invalid field (react-hook-form + zod).
 * As in the spec, submitting makes no call; the shopper is thanked and the form cleared.
 */
export function ContactForm({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const [sentBy, setSentBy] = useState<string>();
  const { register, handleSubmit, reset, formState } = useForm<ContactMessage>({ resolver: zodResolver(contactSchema) });
  const errors: FieldErrors<ContactMessage> = formState.errors;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const onSubmit = (message: ContactMessage) => {
    console.info('Contact message', message);
    setSentBy(message.firstName);
    reset();
  };
  return (
    <section className="mx-auto my-12 max-w-3xl px-4" aria-labelledby="contact-heading">
      <Heading id="contact-heading" className="text-2xl font-bold">Contact us</Heading>
      <p className="mt-2 text-base-content/80">Questions about an order or a product? Write to us.</p>
      {sentBy && <p className="alert alert-success mt-4" role="status">Thank you, {sentBy}! We read every message.</p>}
      <form className="mt-6 grid gap-4 sm:grid-cols-2" onSubmit={handleSubmit(onSubmit)} noValidate>
        <Field label="First name" error={errors.firstName?.message} registration={register('firstName')} />
        <Field label="Last name" error={errors.lastName?.message} registration={register('lastName')} />
        <Field label="E-mail" type="email" error={errors.email?.message} registration={register('email')} />
        <Field label="Phone" type="tel" error={errors.phone?.message} registration={register('phone')} />
        <div className="sm:col-span-2">
          <Field label="Message" multiline error={errors.message?.message} registration={register('message')} />
        </div>
        <button type="submit" className="btn btn-primary min-h-11 sm:col-span-2 sm:justify-self-start">Send message</button>
      </form>
    </section>
  );
}

import { useEffect, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { FormField } from '../../../components/form-field';
import { useT } from '../../../lib/i18n/i18n';
import { authActions } from '../auth-actions';
import { loadAuth } from '../auth-session';
import { useAuth } from '../auth-store';
import { ErrorAlert } from './error-alert';
import { PhoneSignIn } from './phone-sign-in';
import { ProviderButtons } from './provider-buttons';

/** One input of an auth form: its key in the form, label, input type and autocomplete token. */
export type AuthInput<T extends FieldValues> = readonly [
  name: Path<T>,
  label: string,
  type: string,
  autoComplete: string,
];

type AuthScreenProps<T extends FieldValues> = {
  /** The heading, and the submit button's label. */
  title: string;
  /** The screen's react-hook-form form (with its zod resolver); `onValid` gets its checked values. */
  form: UseFormReturn<T>;
  inputs: readonly AuthInput<T>[];
  onValid: (values: T) => Promise<void>;
  onSignedIn: () => void;
  /** The link to the other screen, e.g. "New to Taza Haat?" → "Create an account". */
  switchTo: { question: string; label: string; path: string };
};

/**
 * The screen the login and register forms share (spec §2): the dismissible error alert, one
 * labelled input per entry of `inputs` with its inline error, the submit button, the
 * Google/GitHub/phone number options and the link to the other screen; "Continue with phone
 * number" puts the phone sign-in (phone-sign-in.tsx) in the form's place. Loads the Firebase SDK
 * while the user types, and clears an old error on arrival.
 */
export function AuthScreen<T extends FieldValues>({
  title,
  form,
  inputs,
  onValid,
  onSignedIn,
  switchTo,
}: AuthScreenProps<T>) {
  const t = useT();
  const { error, loading } = useAuth();
  const { register, handleSubmit, getFieldState, formState } = form;
  const [phone, setPhone] = useState(false);
  useEffect(() => {
    void loadAuth();
    authActions.dismissError();
  }, []);
  const showPhone = (shown: boolean) => {
    authActions.dismissError();
    setPhone(shown);
  };
  if (phone)
    return (
      <section className="mx-auto max-w-md px-4 py-12">
        <h1 className="text-3xl font-bold">{t('auth.phone.title')}</h1>
        <div className="mt-6 grid gap-4">
          <ErrorAlert message={error} onDismiss={authActions.dismissError} />
          <PhoneSignIn onSignedIn={onSignedIn} />
          <button type="button" className="btn btn-link min-h-11" onClick={() => showPhone(false)}>
            {t('auth.phone.back')}
          </button>
        </div>
      </section>
    );
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{title}</h1>
      <form className="mt-6 grid gap-4" onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate>
        <ErrorAlert message={error} onDismiss={authActions.dismissError} />
        {inputs.map(([name, label, type, autoComplete]) => (
          <FormField key={name} label={label} error={getFieldState(name, formState).error?.message}>
            {(field) => (
              <input
                {...field}
                type={type}
                autoComplete={autoComplete}
                className="input input-bordered min-h-11 w-full"
                {...register(name)}
              />
            )}
          </FormField>
        ))}
        <button type="submit" className="btn btn-primary min-h-11" disabled={loading && formState.isSubmitting}>
          {title}
        </button>
      </form>
      <div className="divider">{t('auth.or')}</div>
      <ProviderButtons onSignedIn={onSignedIn} onPhone={() => showPhone(true)} />
      <p className="mt-6 text-center">
        {switchTo.question}{' '}
        <Link to={switchTo.path} className="link link-primary">
          {switchTo.label}
        </Link>
      </p>
    </section>
  );
}

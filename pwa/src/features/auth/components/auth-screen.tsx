import { useEffect, type FormEventHandler, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { authActions, loadAuth, useAuth } from '../auth-store';
import { ErrorAlert } from './error-alert';
import { ProviderButtons } from './provider-buttons';

type AuthScreenProps = {
  title: string;
  submitLabel: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  onSignedIn: () => void;
  /** The link to the other screen, e.g. "New to Taza Haat?" → "Create an account". */
  switchTo: { question: string; label: string; path: string };
  children: ReactNode;
};

/**
 * The frame the login and register screens share (spec §2): the dismissible error alert, the
 * form, the Google/GitHub options and the link to the other screen. Loads the Firebase SDK while
 * the user types, and clears an old error on arrival.
 */
export function AuthScreen({ title, submitLabel, onSubmit, submitting, onSignedIn, switchTo, children }: AuthScreenProps) {
  const { error, loading } = useAuth();
  useEffect(() => {
    void loadAuth();
    authActions.dismissError();
  }, []);
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{title}</h1>
      <form className="mt-6 grid gap-4" onSubmit={onSubmit} noValidate>
        <ErrorAlert message={error} onDismiss={authActions.dismissError} />
        {children}
        <button type="submit" className="btn btn-primary min-h-11" disabled={loading && submitting}>
          {submitLabel}
        </button>
      </form>
      <div className="divider">or</div>
      <ProviderButtons onSignedIn={onSignedIn} />
      <p className="mt-6 text-center">
        {switchTo.question}{' '}
        <Link to={switchTo.path} className="link link-primary">
          {switchTo.label}
        </Link>
      </p>
    </section>
  );
}

/** A labelled input with its inline error. */
export function AuthField({ label, error, children }: { label: string; error: string | undefined; children: ReactNode }) {
  return (
    <label className="block">
      <span className="mb-1 block text-sm font-medium">{label}</span>
      {children}
      {error && <span className="mt-1 block text-sm text-error">{error}</span>}
    </label>
  );
}

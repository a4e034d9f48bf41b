import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { authActions, loadAuth, useAuth } from '../auth-store';
import { ErrorAlert } from './error-alert';
import { ProviderButtons } from './provider-buttons';

const registerSchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter your name' }).max(100, { error: 'At most 100 characters' }),
  email: z.string().trim().min(1, { error: 'Enter your e-mail' }),
  password: z.string(),
  confirmPassword: z.string(),
});
type Registration = z.infer<typeof registerSchema>;

/**
 * The register screen (spec §2, §5): name and e-mail required; when the passwords differ, the
 * browser alert 'Password did not match' and nothing is sent.
 */
export function RegisterForm({ loginPath, onSignedIn }: { loginPath: string; onSignedIn: () => void }) {
  const { error, loading } = useAuth();
  const { register, handleSubmit, formState } = useForm<Registration>({ resolver: zodResolver(registerSchema) });
  useEffect(() => {
    void loadAuth();
    authActions.dismissError();
  }, []);
  const onSubmit = async ({ name, email, password, confirmPassword }: Registration) => {
    if (password !== confirmPassword) {
      window.alert('Password did not match');
      return;
    }
    if (await authActions.register(name, email, password)) onSignedIn();
  };
  const field = (name: keyof Registration, label: string, type: string, autoComplete: string) => (
    <label className="block">
      <span className="mb-1 block text-sm font-medium">{label}</span>
      <input type={type} autoComplete={autoComplete} className="input input-bordered min-h-11 w-full" aria-invalid={formState.errors[name] ? true : undefined} {...register(name)} />
      {formState.errors[name] && <span className="mt-1 block text-sm text-error">{formState.errors[name]?.message}</span>}
    </label>
  );
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">Register</h1>
      <form className="mt-6 grid gap-4" onSubmit={handleSubmit(onSubmit)} noValidate>
        <ErrorAlert message={error} onDismiss={authActions.dismissError} />
        {field('name', 'Name', 'text', 'name')}
        {field('email', 'E-mail', 'email', 'email')}
        {field('password', 'Password', 'password', 'new-password')}
        {field('confirmPassword', 'Confirm password', 'password', 'new-password')}
        <button type="submit" className="btn btn-primary min-h-11" disabled={loading && formState.isSubmitting}>
          Register
        </button>
      </form>
      <div className="divider">or</div>
      <ProviderButtons onSignedIn={onSignedIn} />
      <p className="mt-6 text-center">
        Already have an account?{' '}
        <Link to={loginPath} className="link link-primary">
          Login
        </Link>
      </p>
    </section>
  );
}

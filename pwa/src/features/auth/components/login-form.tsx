import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { authActions, loadAuth, useAuth } from '../auth-store';
import { ErrorAlert } from './error-alert';
import { ProviderButtons } from './provider-buttons';

const loginSchema = z.object({
  email: z.string().trim().min(1, { error: 'Enter your e-mail' }),
  password: z.string().min(1, { error: 'Enter your password' }),
});
type Login = z.infer<typeof loginSchema>;

/** The login screen (spec §2, §5): e-mail and password required, error alert, Google, link to register. */
export function LoginForm({ registerPath, onSignedIn }: { registerPath: string; onSignedIn: () => void }) {
  const { error, loading } = useAuth();
  const { register, handleSubmit, formState } = useForm<Login>({ resolver: zodResolver(loginSchema) });
  useEffect(() => {
    void loadAuth(); // fetch the SDK while the user types
    authActions.dismissError();
  }, []);
  const onSubmit = async ({ email, password }: Login) => {
    if (await authActions.signIn(email, password)) onSignedIn();
  };
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">Login</h1>
      <form className="mt-6 grid gap-4" onSubmit={handleSubmit(onSubmit)} noValidate>
        <ErrorAlert message={error} onDismiss={authActions.dismissError} />
        <label className="block">
          <span className="mb-1 block text-sm font-medium">E-mail</span>
          <input type="email" autoComplete="email" className="input input-bordered min-h-11 w-full" aria-invalid={formState.errors.email ? true : undefined} {...register('email')} />
          {formState.errors.email && <span className="mt-1 block text-sm text-error">{formState.errors.email.message}</span>}
        </label>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">Password</span>
          <input type="password" autoComplete="current-password" className="input input-bordered min-h-11 w-full" aria-invalid={formState.errors.password ? true : undefined} {...register('password')} />
          {formState.errors.password && <span className="mt-1 block text-sm text-error">{formState.errors.password.message}</span>}
        </label>
        <button type="submit" className="btn btn-primary min-h-11" disabled={loading && formState.isSubmitting}>
          Login
        </button>
      </form>
      <div className="divider">or</div>
      <ProviderButtons onSignedIn={onSignedIn} />
      <p className="mt-6 text-center">
        New to Taza Haat?{' '}
        <Link to={registerPath} className="link link-primary">
          Create an account
        </Link>
      </p>
    </section>
  );
}

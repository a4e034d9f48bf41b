import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { authActions } from '../auth-store';
import { AuthField, AuthScreen } from './auth-screen';

const loginSchema = z.object({
  email: z.string().trim().min(1, { error: 'Enter your e-mail' }),
  password: z.string().min(1, { error: 'Enter your password' }),
});
type Login = z.infer<typeof loginSchema>;

/** The login screen (spec §2, §5): e-mail and password required, error alert, Google, link to register. */
export function LoginForm({ registerPath, onSignedIn }: { registerPath: string; onSignedIn: () => void }) {
  const { register, handleSubmit, formState } = useForm<Login>({ resolver: zodResolver(loginSchema) });
  const { errors } = formState;
  const onSubmit = async ({ email, password }: Login) => {
    if (await authActions.signIn(email, password)) onSignedIn();
  };
  return (
    <AuthScreen
      title="Login"
      submitLabel="Login"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      submitting={formState.isSubmitting}
      onSignedIn={onSignedIn}
      switchTo={{ question: 'New to Taza Haat?', label: 'Create an account', path: registerPath }}
    >
      <AuthField label="E-mail" error={errors.email?.message}>
        <input type="email" autoComplete="email" className="input input-bordered min-h-11 w-full" aria-invalid={errors.email ? true : undefined} {...register('email')} />
      </AuthField>
      <AuthField label="Password" error={errors.password?.message}>
        <input type="password" autoComplete="current-password" className="input input-bordered min-h-11 w-full" aria-invalid={errors.password ? true : undefined} {...register('password')} />
      </AuthField>
    </AuthScreen>
  );
}

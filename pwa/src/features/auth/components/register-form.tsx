import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { authActions } from '../auth-store';
import { AuthField, AuthScreen } from './auth-screen';

const registerSchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter your name' }).max(100, { error: 'At most 100 characters' }),
  email: z.string().trim().min(1, { error: 'Enter your e-mail' }),
  password: z.string(),
  confirmPassword: z.string(),
});
type Registration = z.infer<typeof registerSchema>;

const fields = [
  ['name', 'Name', 'text', 'name'],
  ['email', 'E-mail', 'email', 'email'],
  ['password', 'Password', 'password', 'new-password'],
  ['confirmPassword', 'Confirm password', 'password', 'new-password'],
] as const;

/**
 * The register screen (spec §2, §5): name and e-mail required; when the passwords differ, the
 * browser alert 'Password did not match' and nothing is sent.
 */
export function RegisterForm({ loginPath, onSignedIn }: { loginPath: string; onSignedIn: () => void }) {
  const { register, handleSubmit, formState } = useForm<Registration>({ resolver: zodResolver(registerSchema) });
  const onSubmit = async ({ name, email, password, confirmPassword }: Registration) => {
    if (password !== confirmPassword) {
      window.alert('Password did not match');
      return;
    }
    if (await authActions.register(name, email, password)) onSignedIn();
  };
  return (
    <AuthScreen
      title="Register"
      submitLabel="Register"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      submitting={formState.isSubmitting}
      onSignedIn={onSignedIn}
      switchTo={{ question: 'Already have an account?', label: 'Login', path: loginPath }}
    >
      {fields.map(([name, label, type, autoComplete]) => (
        <AuthField key={name} label={label} error={formState.errors[name]?.message}>
          <input type={type} autoComplete={autoComplete} className="input input-bordered min-h-11 w-full" aria-invalid={formState.errors[name] ? true : undefined} {...register(name)} />
        </AuthField>
      ))}
    </AuthScreen>
  );
}

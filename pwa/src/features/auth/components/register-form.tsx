import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { authActions } from '../auth-actions';
import { AuthScreen, type AuthInput } from './auth-screen';

const registerSchema = z.object({
  name: z.string().trim().min(1, { error: 'Enter your name' }).max(100, { error: 'At most 100 characters' }),
  email: z.string().trim().min(1, { error: 'Enter your e-mail' }),
  password: z.string(),
  confirmPassword: z.string(),
});
type Registration = z.infer<typeof registerSchema>;

const inputs: readonly AuthInput<Registration>[] = [
  ['name', 'Name', 'text', 'name'],
  ['email', 'E-mail', 'email', 'email'],
  ['password', 'Password', 'password', 'new-password'],
  ['confirmPassword', 'Confirm password', 'password', 'new-password'],
];

/**
 * The register screen (spec §2, §5): name and e-mail required; when the passwords differ, the
 * browser alert 'Password did not match' and nothing is sent.
 */
export function RegisterForm({ loginPath, onSignedIn }: { loginPath: string; onSignedIn: () => void }) {
  const form = useForm<Registration>({ resolver: zodResolver(registerSchema) });
  const onValid = async ({ name, email, password, confirmPassword }: Registration) => {
    if (password !== confirmPassword) {
      window.alert('Password did not match');
      return;
    }
    if (await authActions.register(name, email, password)) onSignedIn();
  };
  const switchTo = { question: 'Already have an account?', label: 'Login', path: loginPath };
  return <AuthScreen title="Register" form={form} inputs={inputs} onValid={onValid} onSignedIn={onSignedIn} switchTo={switchTo} />;
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { authActions } from '../auth-actions';
import { AuthScreen, type AuthInput } from './auth-screen';

const loginSchema = z.object({
  email: z.string().trim().min(1, { error: 'Enter your e-mail' }),
  password: z.string().min(1, { error: 'Enter your password' }),
});
type Login = z.infer<typeof loginSchema>;

const inputs: readonly AuthInput<Login>[] = [
  ['email', 'E-mail', 'email', 'email'],
  ['password', 'Password', 'password', 'current-password'],
];

/** The login screen (spec §2, §5): e-mail and password required, error alert, Google, link to register. */
export function LoginForm({ registerPath, onSignedIn }: { registerPath: string; onSignedIn: () => void }) {
  const form = useForm<Login>({ resolver: zodResolver(loginSchema) });
  const onValid = async ({ email, password }: Login) => {
    if (await authActions.signIn(email, password)) onSignedIn();
  };
  const switchTo = { question: 'New to Taza Haat?', label: 'Create an account', path: registerPath };
  return <AuthScreen title="Login" form={form} inputs={inputs} onValid={onValid} onSignedIn={onSignedIn} switchTo={switchTo} />;
}

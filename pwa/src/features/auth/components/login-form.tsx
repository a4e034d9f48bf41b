import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { authActions } from '../auth-actions';
import { AuthScreen, type AuthInput } from './auth-screen';

// Messages are functions: read when a field is checked, so they are in the language shown then.
const loginSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: () => t('auth.enterEmail') }),
  password: z.string().min(1, { error: () => t('auth.enterPassword') }),
});
type Login = z.infer<typeof loginSchema>;

/** The login screen (spec §2, §5): e-mail and password required, error alert, Google, link to register. */
export function LoginForm({ registerPath, onSignedIn }: { registerPath: string; onSignedIn: () => void }) {
  useLocale(); // renders again in the language chosen
  const form = useForm<Login>({ resolver: zodResolver(loginSchema) });
  const inputs: readonly AuthInput<Login>[] = [
    ['email', t('auth.email'), 'email', 'email'],
    ['password', t('auth.password'), 'password', 'current-password'],
  ];
  const onValid = async ({ email, password }: Login) => {
    if (await authActions.signIn(email, password)) onSignedIn();
  };
  const switchTo = { question: t('auth.newHere'), label: t('auth.createAccount'), path: registerPath };
  return (
    <AuthScreen
      title={t('auth.login')}
      form={form}
      inputs={inputs}
      onValid={onValid}
      onSignedIn={onSignedIn}
      switchTo={switchTo}
    />
  );
}

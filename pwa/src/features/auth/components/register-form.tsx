import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { authActions } from '../auth-actions';
import { AuthScreen, type AuthInput } from './auth-screen';

// Messages are functions: read when a field is checked, so they are in the language shown then.
const registerSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: () => t('auth.enterName') })
    .max(100, { error: () => t('form.tooLong', { max: 100 }) }),
  email: z
    .string()
    .trim()
    .min(1, { error: () => t('auth.enterEmail') }),
  password: z.string(),
  confirmPassword: z.string(),
});
type Registration = z.infer<typeof registerSchema>;

/**
 * The register screen (spec §2, §5): name and e-mail required; when the passwords differ, the
 * browser alert 'Password did not match' and nothing is sent.
 */
export function RegisterForm({ loginPath, onSignedIn }: { loginPath: string; onSignedIn: () => void }) {
  useLocale(); // renders again in the language chosen
  const form = useForm<Registration>({ resolver: zodResolver(registerSchema) });
  const inputs: readonly AuthInput<Registration>[] = [
    ['name', t('auth.name'), 'text', 'name'],
    ['email', t('auth.email'), 'email', 'email'],
    ['password', t('auth.password'), 'password', 'new-password'],
    ['confirmPassword', t('auth.confirmPassword'), 'password', 'new-password'],
  ];
  const onValid = async ({ name, email, password, confirmPassword }: Registration) => {
    if (password !== confirmPassword) {
      window.alert(t('auth.passwordMismatch'));
      return;
    }
    if (await authActions.register(name, email, password)) onSignedIn();
  };
  const switchTo = { question: t('auth.haveAccount'), label: t('auth.login'), path: loginPath };
  return (
    <AuthScreen
      title={t('auth.register')}
      form={form}
      inputs={inputs}
      onValid={onValid}
      onSignedIn={onSignedIn}
      switchTo={switchTo}
    />
  );
}

import { toBdMobileE164 } from '@contract/phone';
import { useRef, useState, type FormEvent } from 'react';
import { FormField } from '../../../components/form-field';
import { useT } from '../../../lib/i18n/i18n';
import { authActions } from '../auth-actions';
import { phoneActions } from '../phone-actions';
import { useAuth } from '../auth-store';

/**
 * Sign-in with a phone number and a one-time code (DESIGN.md §3): a **Phone number** field that
 * takes a Bangladeshi mobile number as people write it and sends it in E.164
 * (contract/phone.ts), refusing anything else inline; **Send code**; then a **Code** field and
 * **Sign in**. Firebase's own refusals (a wrong code, too many attempts) show in the screen's
 * error alert. `onSignedIn` runs once signed in.
 */
export function PhoneSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useT();
  const { loading } = useAuth();
  const [number, setNumber] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<'phone' | 'code'>();
  const sendButton = useRef<HTMLButtonElement>(null);

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    const e164 = toBdMobileE164(number);
    if (!e164) {
      setFieldError('phone');
      return;
    }
    setFieldError(undefined);
    if (sendButton.current && (await phoneActions.sendPhoneCode(e164, sendButton.current))) setSentTo(e164);
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setFieldError('code');
      return;
    }
    setFieldError(undefined);
    if (await phoneActions.confirmPhoneCode(code.trim())) onSignedIn();
  };

  if (sentTo)
    return (
      <form className="grid gap-4" onSubmit={(event) => void confirm(event)} noValidate>
        <p role="status">{t('auth.phone.sentTo', { phone: sentTo })}</p>
        <FormField label={t('auth.phone.code')} error={fieldError === 'code' ? t('auth.phone.enterCode') : undefined}>
          {(field) => (
            <input
              {...field}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className="input input-bordered min-h-11 w-full"
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setFieldError(undefined);
              }}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary min-h-11" disabled={loading}>
          {t('auth.phone.signIn')}
        </button>
        <button
          type="button"
          className="btn btn-ghost min-h-11"
          onClick={() => {
            setSentTo(undefined);
            setCode('');
            setFieldError(undefined);
            authActions.dismissError();
          }}
        >
          {t('auth.phone.otherNumber')}
        </button>
      </form>
    );
  return (
    <form className="grid gap-4" onSubmit={(event) => void sendCode(event)} noValidate>
      <FormField label={t('auth.phone.number')} error={fieldError === 'phone' ? t('auth.phone.invalid') : undefined}>
        {(field) => (
          <>
            <input
              {...field}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="01711-223344"
              className="input input-bordered min-h-11 w-full"
              value={number}
              onChange={(event) => {
                setNumber(event.target.value);
                setFieldError(undefined); // the refusal was about the number as it was
              }}
            />
            <p className="mt-1 text-sm text-base-content/80">{t('auth.phone.hint')}</p>
          </>
        )}
      </FormField>
      <button ref={sendButton} type="submit" className="btn btn-primary min-h-11" disabled={loading}>
        {t('auth.phone.sendCode')}
      </button>
    </form>
  );
}

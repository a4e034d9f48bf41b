import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/i18n';
import { emailVerification } from '../email-verification';

type Note = { kind: 'info' | 'error'; text: string };

/**
 * "Verify your e-mail" on the profile page while the signed-in e-mail is unconfirmed (DESIGN.md
 * §3: admin rights need a verified e-mail): **Resend** sends the provider's e-mail again, and
 * "I have verified" asks the provider. The page also asks by itself whenever it comes back into
 * view (the link is usually opened in the mail app, another tab or another device). Once
 * verified, the session's user changes and the parent stops showing this; `onVerified` (a stable
 * function) is told.
 */
export function VerifyEmail({ onVerified }: { onVerified: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | undefined>();

  useEffect(() => {
    const recheck = () => {
      if (document.visibilityState !== 'visible') return;
      void emailVerification.refresh().then((ok) => ok && onVerified());
    };
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', recheck);
    return () => {
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', recheck);
    };
  }, [onVerified]);

  const resend = async () => {
    setBusy(true);
    const error = await emailVerification.resend();
    setBusy(false);
    setNote(error ? { kind: 'error', text: error } : { kind: 'info', text: t('auth.verify.sent') });
  };
  const check = async () => {
    setBusy(true);
    const ok = await emailVerification.refresh();
    setBusy(false);
    if (ok) onVerified();
    else setNote({ kind: 'error', text: t('auth.verify.notYet') });
  };

  return (
    <section
      aria-labelledby="verify-email-title"
      className="alert alert-warning mt-6 flex flex-col items-start text-left"
    >
      <h2 id="verify-email-title" className="text-lg font-semibold">
        {t('auth.verify.title')}
      </h2>
      <p>{t('auth.verify.body')}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm min-h-11" disabled={busy} onClick={() => void resend()}>
          {t('auth.verify.resend')}
        </button>
        <button type="button" className="btn btn-sm btn-outline min-h-11" disabled={busy} onClick={() => void check()}>
          {t('auth.verify.check')}
        </button>
      </div>
      <p role="status" aria-live="polite" className={note?.kind === 'error' ? 'font-semibold' : undefined}>
        {note?.text}
      </p>
    </section>
  );
}

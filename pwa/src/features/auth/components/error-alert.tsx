import { useT } from '../../../lib/i18n/i18n';

/** The dismissible error alert of the login and register screens (spec §2). */
export function ErrorAlert({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const t = useT();
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-error">
      <span>{message}</span>
      <button
        type="button"
        className="btn btn-ghost btn-sm min-h-11 min-w-11"
        onClick={onDismiss}
        aria-label={t('auth.dismissError')}
      >
        ✕
      </button>
    </div>
  );
}

import { useT } from '../../../lib/i18n/i18n';

/** Why admin buttons are disabled while offline (admin writes are never queued). */
export function OfflineNote({ online }: { online: boolean }) {
  const t = useT();
  if (online) return null;
  return (
    <p className="alert alert-warning mb-4" role="status">
      {t('admin.offline')}
    </p>
  );
}

/** Shown to signed-in non-admins on the product screens (the server refuses them anyway). */
export function NotAllowed() {
  const t = useT();
  return <p className="alert alert-error">{t('admin.notAllowed')}</p>;
}

import { useEffect, useState } from 'react';
import { SettingCard } from '../../../components/setting-switch';
import { useT } from '../../../lib/i18n/i18n';
import { useOnline } from '../../../lib/use-online';
import { picturesKept, saveForOffline, type PicturesKept } from '../save-for-offline';
import { workerAvailable } from '../worker';

/**
 * The profile's Save for offline card (DESIGN.md §5, Data): how many of the catalogue's pictures
 * this phone keeps, and a button that fetches the rest, so the shop looks complete offline.
 * Without a service worker (or offline) the button is disabled with the reason.
 */
export function SaveForOffline() {
  const t = useT();
  const online = useOnline();
  const [kept, setKept] = useState<PicturesKept>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    void picturesKept().then(setKept);
  }, []);
  const available = workerAvailable();
  const done = kept !== undefined && kept.total > 0 && kept.kept >= kept.total;
  const note = !available ? t('offline.save.unavailable') : !online ? t('offline.save.offline') : undefined;
  return (
    <SettingCard testId="save-for-offline">
      <h2 className="font-semibold">{t('offline.save.title')}</h2>
      <p className="text-sm text-base-content/70">{t('offline.save.help')}</p>
      {kept && kept.total > 0 && (
        <p className="text-sm" role="status" data-testid="pictures-kept">
          {t('offline.save.kept', { kept: kept.kept, total: kept.total })}
        </p>
      )}
      <button
        type="button"
        className="btn btn-primary min-h-11 self-start"
        disabled={!available || !online || saving || done}
        onClick={() => {
          setSaving(true);
          void saveForOffline()
            .then(setKept)
            .finally(() => setSaving(false));
        }}
      >
        {saving && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {saving ? t('offline.save.saving') : done ? t('offline.save.done') : t('offline.save.button')}
      </button>
      {note && <p className="text-sm">{note}</p>}
    </SettingCard>
  );
}

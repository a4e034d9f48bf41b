import { SettingSwitch } from '../../../components/setting-switch';
import { useT } from '../../../lib/i18n/i18n';
import { chooseDataSaver, useDataSaver, useDataSaverChosen } from '../../../lib/data-saver';

/**
 * The profile's Data saver switch (DESIGN.md §5, Data): on, the shop shows the small copies of
 * its pictures on this device, remembered across visits (lib/data-saver.ts). When the browser
 * itself asks to save data (Save-Data), the shop does so whatever the switch says, and a line
 * under it says why.
 */
export function DataSaverSwitch() {
  const t = useT();
  const chosen = useDataSaverChosen();
  const browserAsks = useDataSaver() && !chosen;
  return (
    <SettingSwitch
      label={t('offline.dataSaver.label')}
      help={{ id: 'data-saver-help', text: t('offline.dataSaver.help') }}
      checked={chosen}
      testId="data-saver-switch"
      onChange={chooseDataSaver}
    >
      {browserAsks && <p className="text-sm">{t('offline.dataSaver.browser')}</p>}
    </SettingSwitch>
  );
}

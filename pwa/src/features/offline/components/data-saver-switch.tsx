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
    // Laid out as the profile's other cards (features/push PushSwitch): the same column, 24 px below.
    <section className="mx-auto -mt-6 max-w-md px-4 pb-12">
      <div className="card bg-base-200">
        <div className="card-body gap-2">
          {/* The whole row is the switch's target (44 px high, full width). */}
          <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4 font-semibold">
            {t('offline.dataSaver.label')}
            <input
              type="checkbox"
              role="switch"
              className="toggle toggle-primary toggle-lg"
              checked={chosen}
              aria-describedby="data-saver-help"
              data-testid="data-saver-switch"
              onChange={(event) => chooseDataSaver(event.target.checked)}
            />
          </label>
          <p className="text-sm text-base-content/70" id="data-saver-help">
            {t('offline.dataSaver.help')}
          </p>
          {browserAsks && <p className="text-sm">{t('offline.dataSaver.browser')}</p>}
        </div>
      </div>
    </section>
  );
}

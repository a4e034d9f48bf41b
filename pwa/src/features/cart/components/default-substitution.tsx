import { type Substitution } from '@contract/line-choice';
import { SettingCard } from '../../../components/setting-switch';
import { useT } from '../../../lib/i18n/i18n';
import { SubstitutionOptions } from './substitution-options';
import { chooseDefaultSubstitution, defaultSubstitution, useLineChoices } from '../line-choices';

/**
 * The profile's default packing choice (DESIGN.md §17): what to do when a product is missing, for
 * every cart line the shopper has not chosen for. Remembered on this device (line-choices.ts).
 */
export function DefaultSubstitution() {
  const t = useT();
  useLineChoices();
  return (
    <SettingCard testId="default-substitution">
      <label className="grid gap-2">
        <span className="font-semibold">{t('lineChoice.defaultLabel')}</span>
        <select
          className="select select-bordered min-h-11 w-full"
          value={defaultSubstitution()}
          aria-describedby="default-substitution-help"
          onChange={(event) => chooseDefaultSubstitution(event.target.value as Substitution)}
        >
          <SubstitutionOptions />
        </select>
      </label>
      <p id="default-substitution-help" className="text-sm">
        {t('lineChoice.defaultHelp')}
      </p>
    </SettingCard>
  );
}

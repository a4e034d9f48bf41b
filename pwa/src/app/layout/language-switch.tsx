import { useState } from 'react';
import { chooseLocale, t, useLocale, type Locale } from '../../lib/i18n/i18n';
import { notify } from '../../lib/toast';

/** Each language's name in itself: what the switch offers is read in the language it offers. */
const names: Record<Locale, string> = { en: 'English', bn: 'বাংলা' };

/**
 * The header's language switch (DESIGN.md §9): "বাংলা" while English is shown, "English" while
 * Bangla is. Bangla's catalogue is downloaded on the first switch; if that fails, a toast says so.
 */
export function LanguageSwitch() {
  const other: Locale = useLocale() === 'en' ? 'bn' : 'en';
  const [busy, setBusy] = useState(false);
  const choose = () => {
    setBusy(true);
    chooseLocale(other)
      .catch(() => notify('language', 'error', t('language.failed')))
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      lang={other}
      className="btn btn-ghost btn-sm min-h-11 px-2 text-base"
      onClick={choose}
      disabled={busy}
      data-testid="language-switch"
    >
      {names[other]}
    </button>
  );
}

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useDataSaver } from '../../../lib/data-saver';
import { useT } from '../../../lib/i18n/i18n';

/**
 * The home page's sections below the first screen (DESIGN.md §5, Data): as they are, or — while
 * the shop saves data (the Data saver switch or Save-Data) — a Show more button in their place
 * until the shopper taps it, so their pictures and code are not downloaded unasked. A prerendered
 * page hydrates with the sections (useDataSaver is false until then), so it matches its HTML.
 */
export function ShowMoreWhileSavingData({ children }: { children: ReactNode }) {
  const t = useT();
  const savingData = useDataSaver();
  const [asked, setAsked] = useState(false);
  const revealed = useRef<HTMLDivElement>(null);
  // Focus follows the tap to what it revealed, as the button it was on is gone.
  useEffect(() => {
    if (asked) revealed.current?.focus();
  }, [asked]);
  if (savingData && !asked)
    return (
      <div className="mx-auto my-8 max-w-6xl px-4 text-center">
        <button type="button" className="btn btn-outline btn-primary min-h-11 min-w-44" onClick={() => setAsked(true)}>
          {t('home.showMore')}
        </button>
      </div>
    );
  return (
    <div ref={revealed} tabIndex={-1} className="outline-none" data-testid="home-below-first-screen">
      {children}
    </div>
  );
}

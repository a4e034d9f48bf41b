import { useId, useState } from 'react';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { areaById, areaName, filterAreas, groupByThana, type DeliveryArea } from '../area-model';
import { areaTerms } from '../area-terms';

/** What the picker is given and says: used by the cart, checkout and the profile's saved addresses (composed in app/routes). */
export type AreaPickerProps = {
  /** The active areas (by thana, then name); undefined while none could be loaded. */
  areas: readonly DeliveryArea[] | undefined;
  /** The chosen area's id; null or undefined while none is. */
  value: string | null | undefined;
  onChange: (areaId: string) => void;
  /** The inline error under the list (e.g. "Choose a delivery area"), in the language shown. */
  error?: string | undefined;
  /** Why there are no areas: still loading, or they could not be loaded (offline and none kept). */
  failed?: boolean;
  /** The list's label; "Delivery area" unless given. */
  label?: string;
};

/**
 * The delivery area picker (DESIGN.md §15): a native `<select>` of the areas grouped by thana
 * (`<optgroup>`), named in the language shown, and above it a search box that narrows the list by
 * English or Bangla name or thana (Enter chooses the first match; a live status says how many
 * match). Native controls, so the keyboard, screen readers and the phone's own picker work as
 * everywhere; each control is 44 px high. Under the list, the chosen area's fee and minimum.
 */
export function AreaPicker({ areas, value, onChange, error, failed = false, label }: AreaPickerProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [query, setQuery] = useState('');
  // Said once Enter chose an area from the search (the list's change is not announced on its own).
  const [picked, setPicked] = useState<string>();
  const chosen = areaById(areas, value);
  const shown = filterAreas(areas ?? [], query);
  // The chosen area stays in the list while a search hides it, so the list still shows it chosen.
  const options = chosen && !shown.includes(chosen) ? [chosen, ...shown] : shown;
  const selectId = `${id}-area`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const empty = !areas ? (failed ? t('area.failed') : t('area.loading')) : t('area.choose');
  return (
    <div className="grid gap-2" data-testid="area-picker">
      <label htmlFor={selectId} className="block text-sm font-medium">
        {label ?? t('area.label')}
      </label>
      {/* Set apart from the list below: a search field with its magnifier, lighter than the list. */}
      <div className="input input-bordered flex min-h-11 w-full items-center gap-2 bg-base-200/60">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4 shrink-0 opacity-70"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" strokeLinecap="round" />
        </svg>
        <input
          type="search"
          className="grow"
          placeholder={t('area.search')}
          aria-label={t('area.search')}
          aria-controls={selectId}
          aria-describedby={statusId}
          value={query}
          disabled={!areas}
          onChange={(event) => {
            setQuery(event.target.value);
            setPicked(undefined);
          }}
          onKeyDown={(event) => {
            // Enter in the search chooses the first match; it never submits the form around it.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (!shown[0]) return;
            onChange(shown[0].id);
            setQuery('');
            setPicked(areaName(shown[0], locale));
          }}
        />
      </div>
      <p id={statusId} role="status" className={query ? 'text-sm text-base-content/80' : 'sr-only'}>
        {query
          ? shown.length > 0
            ? t('area.matches', { count: shown.length })
            : t('area.noMatch', { query })
          : picked
            ? t('area.chosen', { area: picked })
            : ''}
      </p>
      <select
        id={selectId}
        className="select select-bordered min-h-11 w-full"
        value={chosen?.id ?? ''}
        disabled={!areas}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          if (!event.target.value) return;
          onChange(event.target.value);
          setQuery('');
        }}
      >
        <option value="" disabled>
          {empty}
        </option>
        {groupByThana(options).map((group) => (
          <optgroup key={group.thana} label={group.thana}>
            {group.areas.map((area) => (
              <option key={area.id} value={area.id}>
                {areaName(area, locale)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
      {chosen && (
        <p className="text-sm text-base-content/80" data-testid="area-terms">
          {areaTerms(chosen)}
        </p>
      )}
    </div>
  );
}

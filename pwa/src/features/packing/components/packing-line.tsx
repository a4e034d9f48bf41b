import { useId } from 'react';
import type { Product } from '@contract/catalogue';
import { allowsSubstitute } from '@contract/line-choice';
import { packedGramsRange } from '@contract/weighed-pricing';
import { formatNumber, formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';
import { lineNoteText, substitutionLabel } from '../../../lib/i18n/line-choice';
import { useStoredProductName } from '../../../lib/i18n/product-names';
import { quantityLabel, unitPrice } from '../../../lib/i18n/sale-unit';
import { usePictures } from '../../../lib/picture';
import type { LineEntry, OrderLine } from '../packing-form';
import { SubstitutePicker } from './substitute-picker';

type PackingLineProps = {
  line: OrderLine;
  entry: LineEntry;
  /** What the line costs as entered (Tk). */
  price: number;
  /** Why the entry cannot be sent, said in the language shown; shown under the field it concerns. */
  problem: { text: string; field: 'grams' | 'substitute' | 'line' } | undefined;
  products: readonly Product[] | undefined;
  onChange: (entry: LineEntry) => void;
  /** The grams field was left (its problem is shown from then on). */
  onBlurGrams: () => void;
};

/**
 * One ordered line on the packing screen (DESIGN.md §17): picture, name, quantity ordered in its
 * sale unit with its price, the shopper's choice and note; **Found / Not found** (44 px); on a
 * found weighed line the grams packed (numeric pad) with the range allowed; on a line not found
 * whose shopper allowed one, a substitute; and what the line now costs.
 */
export function PackingLine({ line, entry, price, problem, products, onChange, onBlurGrams }: PackingLineProps) {
  const t = useT();
  const nameOf = useStoredProductName();
  const picture = usePictures();
  const gramsId = useId();
  const range = packedGramsRange(line);
  const name = nameOf(line);
  const note = lineNoteText(line.note);
  const substitute = entry.substituteId === null ? undefined : products?.find((p) => p._id === entry.substituteId);
  const orderedPrice = (Math.round(line.price * 100) * line.cartQuantity) / 100;
  const gramsShown = entry.found && range !== undefined;
  const pickerShown = !entry.found && allowsSubstitute(line.substitution);
  // A problem whose field is not on screen (a line the server did not expect) is said under the line.
  const problemBelow =
    problem && (problem.field === 'line' || (problem.field === 'grams' ? !gramsShown : !pickerShown || !substitute))
      ? problem.text
      : undefined;
  const toggle = (found: boolean) => (
    <button
      type="button"
      className={`btn join-item min-h-11 min-w-28 ${entry.found === found ? (found ? 'btn-success' : 'btn-error') : 'btn-outline'}`}
      aria-pressed={entry.found === found}
      onClick={() => onChange({ ...entry, found })}
    >
      {found ? t('packing.found') : t('packing.notFound')}
    </button>
  );
  return (
    <li className="card border border-base-300 bg-base-100 p-3 sm:p-4" data-testid="packing-line" data-line={line._id}>
      <div className="flex flex-wrap gap-3 sm:flex-nowrap">
        <img src={picture(line.image)} alt="" width={56} height={56} className="h-14 w-14 shrink-0 object-contain" />
        <div className="min-w-0 flex-1 basis-40">
          <h3 className="text-lg leading-tight font-semibold">{name}</h3>
          <p className="text-sm text-base-content/80">
            {t('packing.ordered', { quantity: quantityLabel(line.cartQuantity, line) })} · {unitPrice(line.price, line)}
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm">
            <span
              className={`badge h-auto py-0.5 ${line.substitution === 'none' ? 'badge-ghost' : 'badge-info'}`}
              data-testid="line-choice"
            >
              {substitutionLabel(line.substitution)}
            </span>
            {note && (
              <span className="italic" data-testid="line-note">
                {note}
              </span>
            )}
          </p>
        </div>
        <p
          className="basis-full text-right font-semibold tabular-nums sm:shrink-0 sm:basis-auto"
          data-testid="line-price"
        >
          {entry.found || substitute ? formatPrice(price) : ''}
          {!entry.found && !substitute && (
            <span className="block text-sm font-normal text-base-content/70">{t('packing.notCharged')}</span>
          )}
        </p>
      </div>
      <div className="mt-3 flex flex-wrap items-start gap-3">
        <div className="join" role="group" aria-label={name}>
          {toggle(true)}
          {toggle(false)}
        </div>
        {gramsShown && (
          <div className="min-w-56 flex-1">
            <label htmlFor={gramsId} className="mb-1 block text-sm font-medium">
              {t('packing.grams')}
              <span className="sr-only"> — {name}</span>
            </label>
            <div className="join w-full max-w-xs">
              <input
                id={gramsId}
                className={`input join-item input-bordered min-h-11 w-full tabular-nums ${problem?.field === 'grams' ? 'input-error' : ''}`}
                inputMode="numeric"
                autoComplete="off"
                placeholder={formatNumber(range.nominal, { useGrouping: false })}
                value={entry.grams}
                aria-invalid={problem?.field === 'grams' ? true : undefined}
                aria-describedby={`${gramsId}-range${problem?.field === 'grams' ? ` ${gramsId}-error` : ''}`}
                onChange={(event) => onChange({ ...entry, grams: event.target.value })}
                onBlur={onBlurGrams}
              />
              <span
                className="join-item flex items-center border border-base-300 bg-base-200 px-4 whitespace-nowrap"
                aria-hidden="true"
              >
                {t('packing.gramsUnit')}
              </span>
            </div>
            <p id={`${gramsId}-range`} className="mt-1 text-sm text-base-content/80" data-testid="grams-range">
              {t('packing.rangeHint', {
                range: t('packing.range', { min: formatNumber(range.min), max: formatNumber(range.max) }),
                nominal: formatNumber(range.nominal),
              })}
            </p>
            {problem?.field === 'grams' && (
              <p id={`${gramsId}-error`} className="mt-1 text-sm font-medium text-error" role="alert">
                {problem.text}
              </p>
            )}
          </div>
        )}
      </div>
      {pickerShown && (
        <div className="mt-3">
          <SubstitutePicker
            orderedId={line._id}
            products={products}
            chosen={substitute}
            quantity={entry.substituteQuantity}
            cap={orderedPrice}
            onChoose={(substituteId) => onChange({ ...entry, substituteId })}
            onQuantity={(substituteQuantity) => onChange({ ...entry, substituteQuantity })}
            quantityError={problem?.field === 'substitute' && substitute ? problem.text : undefined}
          />
        </div>
      )}
      {problemBelow && (
        <p className="mt-2 text-sm font-medium text-error" role="alert">
          {problemBelow}
        </p>
      )}
    </li>
  );
}

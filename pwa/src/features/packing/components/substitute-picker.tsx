import { useId, useMemo, useState } from 'react';
import type { Product } from '@contract/catalogue';
import { formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { unitPrice } from '../../../lib/i18n/sale-unit';

/** How many matches the search lists at once: a tablet's screen, without scrolling the line away. */
const MAX_MATCHES = 6;

type SubstitutePickerProps = {
  /** The ordered product (never offered as its own substitute). */
  orderedId: string;
  /** The catalogue (undefined while it loads). */
  products: readonly Product[] | undefined;
  chosen: Product | undefined;
  quantity: string;
  /** What the line cost as ordered (Tk): a substitute is charged at most this. */
  cap: number;
  onChoose: (id: string | null) => void;
  onQuantity: (quantity: string) => void;
  quantityError?: string | undefined;
};

/**
 * A substitute for a line not found (DESIGN.md §17): a search of the catalogue in stock by
 * English or Bangla name, then the chosen product with its units (numeric pad) and "No substitute".
 */
export function SubstitutePicker(props: SubstitutePickerProps) {
  const { orderedId, products, chosen, quantity, cap, onChoose, onQuantity, quantityError } = props;
  const t = useT();
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const quantityId = useId();
  const matches = useMemo(() => {
    const words = query.trim().toLocaleLowerCase();
    if (!words || !products) return [];
    return products
      .filter((p) => p._id !== orderedId && p.inStock)
      .filter((p) => p.name.toLocaleLowerCase().includes(words) || (p.nameBn ?? '').includes(query.trim()))
      .slice(0, MAX_MATCHES);
  }, [products, query, orderedId]);
  if (chosen)
    return (
      <div className="flex flex-wrap items-end gap-3 rounded-box bg-base-200 p-3" data-testid="substitute-chosen">
        <p className="min-w-40 flex-1 font-medium">
          {t('packing.substituteChosen', { name: productName(chosen, locale) })}
          <span className="block text-sm font-normal text-base-content/70">
            {unitPrice(chosen.price, chosen)} · {t('packing.substituteCap', { amount: formatPrice(cap) })}
          </span>
        </p>
        <div>
          <label htmlFor={quantityId} className="mb-1 block text-sm font-medium">
            {t('packing.substituteQuantity')}
          </label>
          <input
            id={quantityId}
            className={`input input-bordered min-h-11 w-24 ${quantityError ? 'input-error' : ''}`}
            inputMode="numeric"
            autoComplete="off"
            value={quantity}
            aria-invalid={quantityError ? true : undefined}
            aria-describedby={quantityError ? `${quantityId}-error` : undefined}
            onChange={(event) => onQuantity(event.target.value)}
          />
        </div>
        <button type="button" className="btn btn-ghost min-h-11" onClick={() => onChoose(null)}>
          {t('packing.substituteRemove')}
        </button>
        {quantityError && (
          <p id={`${quantityId}-error`} className="w-full text-sm text-error">
            {quantityError}
          </p>
        )}
      </div>
    );
  return (
    <div className="rounded-box bg-base-200 p-3">
      <label htmlFor={searchId} className="mb-1 block text-sm font-medium">
        {t('packing.substituteSearch')}
      </label>
      <input
        id={searchId}
        type="search"
        className="input input-bordered min-h-11 w-full"
        value={query}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      {query.trim() && (
        <ul className="mt-2 grid gap-1" aria-label={t('packing.substitute')}>
          {matches.length === 0 && (
            <li className="text-sm text-base-content/70">
              {products ? t('packing.substituteNone') : t('packing.catalogueLoading')}
            </li>
          )}
          {matches.map((product) => (
            <li key={product._id}>
              <button
                type="button"
                className="btn btn-outline btn-block min-h-11 justify-between font-normal"
                onClick={() => onChoose(product._id)}
              >
                <span className="truncate">{productName(product, locale)}</span>
                <span className="shrink-0 text-sm">{unitPrice(product.price, product)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useState } from 'react';
import type { Product } from '@contract/catalogue';
import { MAX_STOCK } from '@contract/product';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { notify } from '../../../lib/toast';
import { useUpdateProduct } from '../api/admin';

/**
 * The units of a product in stock (DESIGN.md §4), set in Manage Products: a number with − and +
 * buttons (44 px targets). Each − or + saves the new count at once (`PUT
 * /api/products/update/:id {stock}`); a typed number is saved on Enter or when the field is left,
 * and an empty field stops counting (`stock: null`). It shows the count being saved meanwhile;
 * an error is toasted and the count goes back to the catalogue's.
 */
export function StockCounter({ product, disabled }: { product: Product; disabled: boolean }) {
  const t = useT();
  const name = productName(product, useLocale());
  const update = useUpdateProduct();
  // What the field shows while the admin types (undefined: the catalogue's count).
  const [draft, setDraft] = useState<string | undefined>(undefined);
  const saving = update.isPending ? update.variables.edit.stock : undefined;
  const count = saving !== undefined ? saving : (product.stock ?? null);
  const save = (stock: number | null) => {
    setDraft(undefined);
    if (stock === product.stock) return;
    update.mutate(
      { id: product._id, edit: { stock } },
      { onError: (error) => notify('product', 'error', apiErrorText(error, t('auth.error.other'))) },
    );
  };
  const saveDraft = () => {
    if (draft === undefined) return;
    const typed = draft.trim();
    const value = Number(typed);
    if (typed === '') save(null);
    else if (Number.isInteger(value) && value >= 0 && value <= MAX_STOCK) save(value);
    else setDraft(undefined);
  };
  const button = 'btn btn-square btn-sm min-h-11 min-w-11 text-lg';
  return (
    <div className="mt-1 flex items-center gap-1" data-testid="stock-counter">
      <button
        type="button"
        className={button}
        disabled={disabled || count === null || count <= 0}
        onClick={() => count !== null && save(count - 1)}
        aria-label={t('product.stockLess', { name })}
      >
        −
      </button>
      <input
        type="number"
        min={0}
        max={MAX_STOCK}
        step={1}
        inputMode="numeric"
        className="input input-bordered input-sm min-h-11 w-20 text-center"
        value={draft ?? (count === null ? '' : String(count))}
        placeholder={t('product.stockNotCounted')}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={saveDraft}
        onKeyDown={(event) => event.key === 'Enter' && saveDraft()}
        aria-label={t('product.stockName', { name })}
      />
      <button
        type="button"
        className={button}
        disabled={disabled || (count !== null && count >= MAX_STOCK)}
        onClick={() => save(count === null ? 1 : count + 1)}
        aria-label={t('product.stockMore', { name })}
      >
        +
      </button>
    </div>
  );
}

import { useState } from 'react';
import type { Product } from '@contract/catalogue';
import { MAX_STOCK } from '@contract/product';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { notify } from '../../../lib/toast';
import { useChangeStock, useUpdateProduct } from '../api/admin';

/**
 * The units of a product in stock (DESIGN.md §4), set in Manage Products: a number with − and +
 * buttons (44 px targets). Each − or + sends one unit's change at once (`PATCH
 * /api/products/:id/stock {delta}`), which the server adds to the stock it has, so an order
 * taking units meanwhile, or another admin's −/+, is never overwritten; + on a product not
 * counted starts counting at 1. A typed number is saved as it is (`PUT /api/products/update/:id
 * {stock}`) on Enter or when the field is left, and an empty field stops counting (`stock:
 * null`). It shows the count with the changes on their way meanwhile; an error is toasted and
 * that change is dropped.
 */
export function StockCounter({ product, disabled }: { product: Product; disabled: boolean }) {
  const t = useT();
  const name = productName(product, useLocale());
  const update = useUpdateProduct();
  const change = useChangeStock();
  // What the field shows while the admin types (undefined: the catalogue's count).
  const [draft, setDraft] = useState<string | undefined>(undefined);
  // The units of the −/+ not answered yet, and the last count the server answered for them.
  const [pending, setPending] = useState(0);
  const [answered, setAnswered] = useState<number | undefined>(undefined);
  // The catalogue's count changed (refreshed, an order): it is the newest, not the last answer.
  const [catalogueStock, setCatalogueStock] = useState(product.stock);
  if (catalogueStock !== product.stock) {
    setCatalogueStock(product.stock);
    setAnswered(undefined);
  }
  const saving = update.isPending ? update.variables.edit.stock : undefined;
  const base = answered ?? product.stock ?? null;
  const count = saving !== undefined ? saving : base === null && pending === 0 ? null : (base ?? 0) + pending;
  const toastError = (error: unknown) => notify('product', 'error', apiErrorText(error, t('auth.error.other')));
  const save = (stock: number | null) => {
    setDraft(undefined);
    setAnswered(undefined);
    if (stock === product.stock) return;
    update.mutate({ id: product._id, edit: { stock } }, { onError: toastError });
  };
  const step = (delta: number) => {
    setDraft(undefined);
    setPending((units) => units + delta);
    // The answer and the end of the pending change in one render: the count never jumps back.
    change.mutateAsync({ id: product._id, delta }).then(
      ({ stock }) => {
        setAnswered(stock);
        setPending((units) => units - delta);
      },
      (error: unknown) => {
        setPending((units) => units - delta);
        toastError(error);
      },
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
        onClick={() => step(-1)}
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
        className="input input-bordered input-sm min-h-11 w-28 px-2 text-center"
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
        onClick={() => step(1)}
        aria-label={t('product.stockMore', { name })}
      >
        +
      </button>
    </div>
  );
}

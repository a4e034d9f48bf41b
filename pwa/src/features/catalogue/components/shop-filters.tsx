import { useSearchParams } from 'react-router-dom';
import { useT } from '../../../lib/i18n/i18n';
import { readFilters } from '../catalogue-filters';

// Phones: the search box on one row, the two selects side by side below, labels for screen
// readers only (the placeholder and the first options say what each is): two rows, not a screen.
const label = 'sr-only text-sm font-medium sm:not-sr-only sm:mb-1 sm:block';

/** Search box and category/season selects, kept in the URL; a compact bar on phones. */
export function ShopFilters() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  // Start from the address bar, not the rendered params: two quick changes (type, then pick a
  // category) must not overwrite each other with a stale copy of the URL.
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return (
    <form
      className="mb-4 grid grid-cols-2 gap-2 sm:mb-8 sm:flex sm:flex-wrap sm:items-end sm:gap-3"
      role="search"
      onSubmit={(event) => event.preventDefault()}
    >
      <label className="col-span-2 sm:min-w-56 sm:flex-1">
        <span className={label}>{t('shop.search')}</span>
        <input
          type="search"
          className="input input-bordered min-h-11 w-full"
          placeholder={t('shop.searchHint')}
          defaultValue={filters.q}
          onChange={(event) => set('q', event.target.value.trim())}
        />
      </label>
      <label>
        <span className={label}>{t('product.category')}</span>
        <select
          className="select select-bordered min-h-11 w-full sm:w-auto"
          value={filters.category ?? ''}
          onChange={(event) => set('category', event.target.value)}
        >
          <option value="">{t('shop.allCategories')}</option>
          <option value="vegetable">{t('home.vegetables')}</option>
          <option value="fruit">{t('home.fruits')}</option>
        </select>
      </label>
      <label>
        <span className={label}>{t('shop.season')}</span>
        <select
          className="select select-bordered min-h-11 w-full sm:w-auto"
          value={filters.season ?? ''}
          onChange={(event) => set('season', event.target.value)}
        >
          <option value="">{t('shop.anySeason')}</option>
          <option value="summer">{t('home.summer')}</option>
          <option value="winter">{t('home.winter')}</option>
          <option value="spring">{t('shop.spring')}</option>
        </select>
      </label>
    </form>
  );
}

import { useSearchParams } from 'react-router-dom';
import { readFilters } from '../catalogue-filters';

/** Search box and category/season selects, kept in the URL. */
export function ShopFilters() {
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
    <form className="mb-8 flex flex-wrap items-end gap-3" role="search" onSubmit={(event) => event.preventDefault()}>
      <label className="form-control min-w-56 flex-1">
        <span className="label-text mb-1 block text-sm font-medium">Search</span>
        <input
          type="search"
          className="input input-bordered min-h-11 w-full"
          placeholder="Search vegetables and fruit"
          defaultValue={filters.q}
          onChange={(event) => set('q', event.target.value.trim())}
        />
      </label>
      <label className="form-control">
        <span className="label-text mb-1 block text-sm font-medium">Category</span>
        <select className="select select-bordered min-h-11" value={filters.category ?? ''} onChange={(event) => set('category', event.target.value)}>
          <option value="">All</option>
          <option value="vegetable">Vegetables</option>
          <option value="fruit">Fruits</option>
        </select>
      </label>
      <label className="form-control">
        <span className="label-text mb-1 block text-sm font-medium">Season</span>
        <select className="select select-bordered min-h-11" value={filters.season ?? ''} onChange={(event) => set('season', event.target.value)}>
          <option value="">Any season</option>
          <option value="summer">Summer</option>
          <option value="winter">Winter</option>
          <option value="spring">Spring</option>
        </select>
      </label>
    </form>
  );
}

/**
 * The catalogue: `GET /api/products` (spec §7) through TanStack Query, mirrored into IndexedDB;
 * screens read the mirror, so the shop shows at once, online or offline. Once the mirror holds
 * a catalogue version, a refresh asks only for what changed since (`?since=`, DESIGN.md §5):
 * a few hundred bytes instead of the whole list.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CATALOGUE_VERSION_HEADER, type Product } from '@contract/catalogue';
import { api, readResponse } from '../../../lib/api-client';
import { mirror, readMirror, useMirrored } from '../../../lib/offline/catalogue-mirror';
import { productKeys } from '../../../lib/query-keys';
import { applyCatalogueDelta } from '../catalogue-delta';

/** The route answers the whole list, or with `?since=` a delta; the request decides which. */
const unexpected = (what: string) => new TypeError(`GET /api/products answered ${what}`);

/** Fetches every product, in the shop's order, and mirrors it with its catalogue version. */
async function fetchCatalogue(): Promise<Product[]> {
  const res = await api.products.$get({ query: {} });
  const version = Number(res.headers.get(CATALOGUE_VERSION_HEADER));
  const products = await readResponse(res);
  if (!Array.isArray(products)) throw unexpected('a delta to a full request');
  void mirror('products', products, Number.isInteger(version) ? version : undefined);
  return products;
}

/**
 * Returns the current catalogue: the mirror brought up to date by a delta when it has a version,
 * else a full fetch (also when the server no longer knows that version); offline, the mirror as is.
 * @throws ApiRequestError (non-2xx) or TypeError (network) — the screens then keep showing the mirror.
 */
async function getProducts(): Promise<Product[]> {
  const mirrored = await readMirror<Product>('products');
  if (!mirrored) return fetchCatalogue();
  // Offline the mirror is the catalogue: no request that can only fail (refetched on reconnect).
  if (!navigator.onLine) return mirrored.rows;
  const res = await api.products.$get({ query: { since: String(mirrored.version) } });
  if (res.status === 400) return fetchCatalogue();
  const delta = await readResponse(res);
  if (Array.isArray(delta)) throw unexpected('the whole list to a delta request');
  const products = applyCatalogueDelta(mirrored.rows, delta);
  if (delta.version !== mirrored.version) void mirror('products', products, delta.version);
  return products;
}

/**
 * Returns the catalogue query's options. `offlineFirst`: the query runs offline too, answering
 * from the mirror; every reconnect asks for a delta.
 */
export const productsQueryOptions = () =>
  queryOptions({
    queryKey: productKeys.all,
    queryFn: getProducts,
    staleTime: 60_000,
    networkMode: 'offlineFirst',
    refetchOnReconnect: 'always',
  });

/** Returns the products (the fetch, else the mirror), with loading and error state; `enabled: false` reads and fetches nothing. */
export function useProducts({ enabled = true }: { enabled?: boolean } = {}): {
  data: Product[] | undefined;
  isPending: boolean;
  isError: boolean;
} {
  const query = useQuery({ ...productsQueryOptions(), enabled });
  const mirrored = useMirrored<Product>('products', enabled);
  // After a fetch the mirror holds the same list; before it (or offline) the mirror is all there is.
  const data = query.data ?? mirrored;
  return { data, isPending: data === undefined && query.isPending, isError: data === undefined && query.isError };
}

/**
 * The delivery areas (DESIGN.md §15): `GET /api/delivery-areas` (the active ones, by thana then
 * name) through TanStack Query. Kept offline twice over: the query is persisted with the order
 * queries (lib/persist-queries.ts, restored here on the pages that use areas) and the service
 * worker keeps the last answer (pwa/src/sw.ts), so the cart prices an area's fee and minimum
 * without a connection.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, readResponse } from '../../../lib/api-client';
import { deliveryAreaKeys } from '../../../lib/query-keys';
import { DELIVERY_AREA_NAMES_KEY } from '../../../lib/storage-keys';

/**
 * Returns the areas query's options. `offlineFirst`: offline the request still goes out once, so
 * the service worker's copy answers it. Fresh for 5 minutes (the API's ETag makes a refetch a
 * 304). Fails with ApiRequestError (non-2xx) or TypeError (network and no copy kept).
 */
const deliveryAreasQueryOptions = () =>
  queryOptions({
    queryKey: deliveryAreaKeys.all,
    queryFn: () => readResponse(api['delivery-areas'].$get({ query: {} })),
    staleTime: 5 * 60_000,
    networkMode: 'offlineFirst',
  });

/**
 * Returns the areas query (see deliveryAreasQueryOptions): the areas, or the last ones kept
 * offline (the kept queries are restored once per page; the router already does on checkout and
 * profile, the cart asks here). The areas' names are kept for refusals (lib/i18n/api-errors.ts).
 */
export function useDeliveryAreas() {
  const client = useQueryClient();
  const query = useQuery(deliveryAreasQueryOptions());
  useEffect(() => {
    void import('../../../lib/persist-queries').then(({ persistOrderQueries }) => persistOrderQueries(client));
  }, [client]);
  const { data } = query;
  useEffect(() => {
    if (!data) return;
    const names = Object.fromEntries(data.map((area) => [area.id, [area.name, area.nameBn]]));
    try {
      localStorage.setItem(DELIVERY_AREA_NAMES_KEY, JSON.stringify(names));
    } catch {
      // A full or blocked storage: refusals name areas by id.
    }
  }, [data]);
  return query;
}

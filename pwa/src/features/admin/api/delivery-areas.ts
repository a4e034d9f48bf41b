/**
 * The admin's delivery areas through the API (DESIGN.md §15): every area, inactive ones too
 * (`GET /api/delivery-areas?all=1`), and saving one — `POST` a new area (→ 201), `PUT /:id` an
 * edited one (→ 200). Admin writes need a connection; they never go through the offline outbox.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readResponse } from '../../../lib/api-client';
import type { AreaBody } from '../area-form';

/**
 * The queries of `GET /api/delivery-areas`: the shopper's list is `['delivery-areas']`
 * (lib/query-keys.ts), the admin's under it, so a saved area refreshes both.
 */
const AREAS_PREFIX = ['delivery-areas'] as const;
const allAreasKey = [...AREAS_PREFIX, 'admin-all'] as const;

/**
 * Returns the admin's areas query: every area, active or not, sorted by the server (thana, then
 * name). Fails with ApiRequestError (401/403 for non-admins) or TypeError (network).
 */
const allAreasQueryOptions = () =>
  queryOptions({
    queryKey: allAreasKey,
    queryFn: () => readResponse(api['delivery-areas'].$get({ query: { all: '1' } })),
  });

/** The admin's areas query (see allAreasQueryOptions); paused, with no data, while offline. */
export const useAllDeliveryAreas = () => useQuery(allAreasQueryOptions());

/**
 * Saves an area: with an `id`, `PUT /api/delivery-areas/:id` with the whole form's body but its
 * id; without, `POST /api/delivery-areas` (with the typed id, else the server makes one from the name). Resolves with the area as
 * stored; fails with ApiRequestError (400 `validation_failed` with `details.fields`, 404
 * `not_found`). Every areas query is refreshed after.
 */
export function useSaveDeliveryArea() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: AreaBody }) => {
      if (id === undefined) return readResponse(api['delivery-areas'].$post({ json: body }));
      // The id stays: an edit sends every other field.
      const edit: Omit<AreaBody, 'id'> & { id?: string } = { ...body };
      delete edit.id;
      return readResponse(api['delivery-areas'][':id'].$put({ param: { id }, json: edit }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: AREAS_PREFIX }),
  });
}

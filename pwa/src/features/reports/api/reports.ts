/**
 * The dawn board's reads of `/api/reports/*` (DESIGN.md §3, §12, §18): sales per day, a day's
 * purchase list, delivery slots and riders' cash, each a TanStack Query over the typed client; and the CSV export,
 * downloaded with the bearer header (a plain link cannot carry it) as a file the browser saves.
 */
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequestError, readResponse } from '../../../lib/api-client';

/** The reports' query keys: one query per report and its argument. */
const reportKeys = {
  all: ['reports'] as const,
  sales: (days: number) => [...reportKeys.all, 'sales', days] as const,
  purchaseList: (date: string) => [...reportKeys.all, 'purchase-list', date] as const,
  slots: (date: string) => [...reportKeys.all, 'slots', date] as const,
  cash: (date: string) => [...reportKeys.all, 'cash', date] as const,
};

/** Reports are looked at again after a minute (orders keep arriving before dawn). */
const STALE_MS = 60_000;

/** Orders and revenue per shop day for the last `days` days, oldest first. */
export const salesOptions = (days: number) =>
  queryOptions({
    queryKey: reportKeys.sales(days),
    queryFn: async () => readResponse(api.reports.sales.$get({ query: { days: String(days) } })),
    staleTime: STALE_MS,
  });

/** The units to buy for the deliveries of shop date `date` (`YYYY-MM-DD`), with what their shoppers asked per product. */
export const purchaseListOptions = (date: string) =>
  queryOptions({
    queryKey: reportKeys.purchaseList(date),
    queryFn: async () => readResponse(api.reports['purchase-list'].$get({ query: { date } })),
    staleTime: STALE_MS,
  });

/** The delivery slots of shop date `date` with their orders and places left. */
export const slotsOptions = (date: string) =>
  queryOptions({
    queryKey: reportKeys.slots(date),
    queryFn: async () => readResponse(api.reports.slots.$get({ query: { date } })),
    staleTime: STALE_MS,
  });

/** Per rider, the orders, cash expected and collected for the deliveries of shop date `date` (DESIGN.md §18). */
export const cashOptions = (date: string) =>
  queryOptions({
    queryKey: reportKeys.cash(date),
    queryFn: async () => readResponse(api.reports.cash.$get({ query: { date } })),
    staleTime: STALE_MS,
  });

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, else `fallback`. */
function attachmentName(header: string | null, fallback: string): string {
  return (header && /filename="([^"]+)"/.exec(header)?.[1]) || fallback;
}

/**
 * Downloads the orders placed from shop date `from` to `to` as CSV: fetched with the signed-in
 * admin's token, then saved through an object URL.
 * @throws ApiRequestError on a non-2xx answer, TypeError when offline.
 */
export async function downloadOrdersCsv(from: string, to: string): Promise<void> {
  const res = await api.reports['orders.csv'].$get({ query: { from, to } });
  if (!res.ok) throw await apiRequestError(res);
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = attachmentName(res.headers.get('Content-Disposition'), `orders-${from}-${to}.csv`);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The browser has the file once the click has been handled.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

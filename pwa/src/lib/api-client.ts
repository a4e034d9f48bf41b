/**
 * The typed API client: Hono RPC (`hc<AppType>`) over same-origin `/api`, so a changed route
 * breaks the build instead of the shop (DESIGN.md §1).
 */
import { hc } from 'hono/client';
import type { AppType } from '../../../edge-api/src/app';

export const api = hc<AppType>('/api');

/** Thrown for a non-2xx answer; `message` is the API's error message when it sent one. */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Returns the JSON body of `response`.
 * @throws ApiRequestError with the API's `{error:{message}}` text, or the status line.
 */
export async function readJson<T>(response: { ok: boolean; status: number; json(): Promise<T> } & Pick<Response, 'statusText'>): Promise<T> {
  if (response.ok) return response.json();
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  throw new ApiRequestError(response.status, body?.error?.message ?? `${response.status} ${response.statusText}`);
}

/**
 * The typed API client: Hono RPC (`hc<AppType>`) over same-origin `/api`, so a changed route
 * breaks the build instead of the shop (DESIGN.md §1).
 */
import { hc } from 'hono/client';
import type { AppType } from '@edge-api/app';

/** Returns the signed-in user's ID token; `forceRefresh` asks Firebase for a new one even if unexpired. */
export type TokenProvider = (forceRefresh?: boolean) => Promise<string | undefined>;
let tokenProvider: TokenProvider = async () => undefined;

/**
 * Registers where signed-in requests get their Firebase ID token (the auth feature does this
 * once loaded). The token is read fresh for every request; the SDK refreshes it before expiry.
 */
export function setTokenProvider(provider: TokenProvider): void {
  tokenProvider = provider;
}

/**
 * A fresh ID token of the signed-in user, or undefined when signed out; `forceRefresh` gets a new
 * one from Firebase (after the server answered 401 to the last one).
 */
export const currentIdToken: TokenProvider = (forceRefresh) => tokenProvider(forceRefresh);

/** The current bearer header, or none when signed out. */
export async function authHeaders(): Promise<Record<string, string>> {
  const token = await tokenProvider();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

export const api = hc<AppType>('/api', { headers: authHeaders });

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
 * Returns the JSON body of a 2xx `response` as `T` (the route's contract type).
 * @throws ApiRequestError with the API's `{error:{message}}` text, or the status line.
 */
export async function readJson<T>(response: Pick<Response, 'ok' | 'status' | 'statusText'> & { json(): Promise<unknown> }): Promise<T> {
  if (response.ok) return (await response.json()) as T;
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  throw new ApiRequestError(response.status, body?.error?.message ?? `${response.status} ${response.statusText}`);
}

/**
 * The typed API client: Hono RPC (`hc<AppType>`) over same-origin `/api`, so a changed route
 * breaks the build instead of the shop (DESIGN.md §1). `readResponse` gives each call's body the
 * type its route declares in AppType; there is no other way to the API from the app.
 */
import { hc, parseResponse, type ClientResponse } from 'hono/client';
import type { AppType } from '@edge-api/app';
import { readApiError, type ErrorResponse } from './api-error';

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

/** Returns the current bearer header, or none when signed out. */
async function authHeaders(): Promise<Record<string, string>> {
  const token = await tokenProvider();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Returns the bearer header of one given ID token: for calls that must go out as a particular
 * user (during sign-in, before the token provider follows that user). Passed as a call's own
 * `headers`, it replaces the provider's.
 */
export const bearer = (idToken: string): Record<string, string> => ({ Authorization: `Bearer ${idToken}` });

/** Where the API is served: the same origin, under this path (DESIGN.md §1). */
export const API_BASE = '/api';

/** The RPC client; every request carries the signed-in user's bearer header (authHeaders). */
export const api = hc<AppType>(API_BASE, { headers: authHeaders });

/**
 * Thrown for a non-2xx answer; `message` is the API's error message when it sent one (English, for
 * API users), `code` and `details` its error code and details, `requestId` its `X-Request-Id`
 * (lib/i18n/api-errors.ts says them in the language shown).
 */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

/** Reads a non-2xx `res` (its body not read yet) into the ApiRequestError to throw for it. Never throws. */
export async function apiRequestError(res: ErrorResponse): Promise<ApiRequestError> {
  const { code, message, details, requestId } = await readApiError(res);
  return new ApiRequestError(res.status, message, code, details, requestId);
}

/**
 * Takes an RPC call's response (or its promise) and returns the body of its 2xx answer, typed
 * from the route (Hono's `parseResponse`).
 * @throws ApiRequestError for any other status, with the API's `{error:{code,message,details}}`, else the status line as message.
 */
export async function readResponse<T extends ClientResponse<unknown>>(
  response: T | Promise<T>,
): ReturnType<typeof parseResponse<T>> {
  const res = await response;
  if (!res.ok) throw await apiRequestError(res);
  return parseResponse(res);
}

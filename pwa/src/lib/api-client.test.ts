import type { ClientResponse } from 'hono/client';
import type { StatusCode } from 'hono/utils/http-status';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, readResponse } from './api-client';

/** A response as the RPC client returns it, with a JSON `body`. */
const answer = <T>(status: number, body: T, statusText = '') =>
  new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  }) as unknown as ClientResponse<T, StatusCode, 'json'>;

describe('readResponse', () => {
  it('returns the body of a 2xx answer', async () => {
    expect(await readResponse(answer(201, { deletedCount: 1 }))).toEqual({ deletedCount: 1 });
    expect(await readResponse(Promise.resolve(answer(200, [1, 2])))).toEqual([1, 2]);
  });

  it("throws ApiRequestError with the status and the API's message, else the status line", async () => {
    const refused = readResponse(
      answer(403, { error: { code: 'forbidden', message: 'You can only read your own profile.' } }),
    );
    await expect(refused).rejects.toBeInstanceOf(ApiRequestError);
    await expect(refused).rejects.toMatchObject({ status: 403, message: 'You can only read your own profile.' });
    await expect(readResponse(answer(503, null, 'Service Unavailable'))).rejects.toMatchObject({
      status: 503,
      message: '503 Service Unavailable',
    });
  });
});

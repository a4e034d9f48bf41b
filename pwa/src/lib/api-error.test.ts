import { describe, expect, it } from 'vitest';
import { readApiError } from './api-error';

const messageOf = async (res: Response, fallback?: string) => (await readApiError(res, fallback)).message;

const answer = (status: number, body: string, statusText = 'Bad Request') =>
  new Response(body, { status, statusText, headers: { 'Content-Type': 'application/json' } });

describe('readApiError: the message', () => {
  it("reads the API's error message", async () => {
    expect(
      await messageOf(
        answer(409, JSON.stringify({ error: { code: 'out_of_stock', message: 'Tomato is out of stock.' } })),
      ),
    ).toBe('Tomato is out of stock.');
  });

  it('falls back to the status line for a body that is not the API error shape', async () => {
    expect(await messageOf(answer(502, '<html>Bad gateway</html>', 'Bad Gateway'))).toBe('502 Bad Gateway');
    expect(await messageOf(answer(400, JSON.stringify({ error: 'nope' })))).toBe('400 Bad Request');
    expect(await messageOf(answer(400, JSON.stringify({ error: { message: 42 } })))).toBe('400 Bad Request');
  });

  it("uses the caller's fallback when given", async () => {
    expect(await messageOf(answer(500, ''), 'The server answered 500.')).toBe('The server answered 500.');
  });
});

describe('readApiError', () => {
  it("reads the API's code, message and details", async () => {
    const details = { products: [{ _id: 'p1', name: 'Tomato' }] };
    expect(
      await readApiError(
        answer(409, JSON.stringify({ error: { code: 'out_of_stock', message: 'Tomato is out of stock.', details } })),
      ),
    ).toEqual({ code: 'out_of_stock', message: 'Tomato is out of stock.', details });
  });

  it('has no code or details for a body that is not the API error shape', async () => {
    expect(await readApiError(answer(502, '<html>Bad gateway</html>', 'Bad Gateway'))).toEqual({
      code: undefined,
      message: '502 Bad Gateway',
      details: undefined,
    });
    expect(await readApiError(answer(409, JSON.stringify({ error: { code: 7 } })), 'busy')).toEqual({
      code: undefined,
      message: 'busy',
      details: undefined,
    });
  });

  it('reads the id the API logged the request under (X-Request-Id)', async () => {
    const res = new Response(JSON.stringify({ error: { code: 'internal', message: 'Something went wrong.' } }), {
      status: 500,
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': '4f2a-9' },
    });
    expect(await readApiError(res)).toMatchObject({ code: 'internal', requestId: '4f2a-9' });
  });
});

/**
 * The body limit over a real Node HTTP server (@hono/node-server, as node.ts serves): a declared
 * size and a chunked body are each judged, and a body within the limit reaches the handler whole.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitBody } from './body-limit';

const MAX = 64;
let server: ServerType;
let port = 0;
let handled = 0;

beforeAll(async () => {
  const app = new Hono()
    .use(limitBody(MAX, (c) => c.json({ error: { code: 'payload_too_large' } }, 413)))
    .post('/echo', async (c) => {
      handled += 1;
      return c.json({ got: await c.req.json() });
    })
    .get('/echo', (c) => c.json({ got: null }));
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** POSTs `chunks` to /echo, with `Content-Length` when `declared`, else chunked; the status and JSON answer. */
function post(chunks: string[], declared: boolean): Promise<{ status: number; body: unknown }> {
  const length = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/echo',
        headers: { 'Content-Type': 'application/json', ...(declared ? { 'Content-Length': String(length) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('limitBody', () => {
  it.each([true, false])(
    'hands a body within the limit to the handler whole (Content-Length declared: %s)',
    async (declared) => {
      const body = { note: 'x'.repeat(MAX - 20) };
      const text = JSON.stringify(body);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX);
      await expect(post([text.slice(0, 10), text.slice(10)], declared)).resolves.toEqual({
        status: 200,
        body: { got: body },
      });
    },
  );

  it.each([true, false])(
    'refuses one byte over the limit with its 413 before the handler runs (Content-Length declared: %s)',
    async (declared) => {
      const before = handled;
      const text = JSON.stringify({ note: 'x'.repeat(MAX) }).slice(0, MAX + 1);
      await expect(post([text.slice(0, 30), text.slice(30)], declared)).resolves.toEqual({
        status: 413,
        body: { error: { code: 'payload_too_large' } },
      });
      expect(handled).toBe(before);
    },
  );

  it('lets a GET through', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/echo`);
    expect(res.status).toBe(200);
  });
});

/**
 * What the API logs when Stripe refuses a checkout (no e-mail or credential in a log
 * line): Stripe's error type and code, never its message, which quotes what was sent — here an
 * invalid customer e-mail. Stripe's API is a stand-in on 127.0.0.1 answering in its error shape.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../app';
import { orderSchema } from '../contract/order';
import { createStripe } from '../payments/stripe';
import { createTestApp, customerA, logsOf, orderBody, type TestApp } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';

let server: Server;
let t: TestApp;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(400, { 'content-type': 'application/json', 'request-id': 'req_1' });
      res.end(
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            code: 'email_invalid',
            param: 'customer_email',
            message: `Invalid email address: ${customerA.email}`,
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stripe = createStripe('sk_test_taza_haat', {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    protocol: 'http',
  });
  t = await createTestApp();
  app = createApp({ db: t.db, config: t.config, stripe });
});
afterAll(async () => {
  t.cleanup();
  await new Promise((resolve) => server.close(resolve));
});

it("logs a refused checkout by Stripe's error type and code, without the e-mail its message quotes", async () => {
  const headers = { Authorization: `Bearer ${emulatorToken(customerA)}`, 'Content-Type': 'application/json' };
  const placed = await app.request('/api/orders', {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify(await orderBody(t, customerA, 1)),
  });
  const order = orderSchema.parse(await placed.json());
  const res = await app.request('/api/checkout', {
    method: 'POST',
    headers,
    body: JSON.stringify({ orderId: order._id }),
  });
  expect(res.status).toBe(502);
  const lines = logsOf(res);
  expect(lines).toContainEqual(
    expect.objectContaining({
      message: 'request failed',
      code: 'payment_provider_error',
      reason: expect.stringMatching(/StripeInvalidRequestError email_invalid$/) as unknown,
    }),
  );
  expect(JSON.stringify(lines)).not.toContain(customerA.email);
});

/**
 * `GET /api/openapi.json` as a client reads it: every route the app answers is in it (and
 * nothing else), and the app's real answers validate against the schemas it documents.
 */
import Ajv2020 from 'ajv/dist/2020';
import { inspectRoutes } from 'hono/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderInput } from '../testing/order-fixture';
import { createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';

type Operation = {
  security?: unknown[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: { 'application/json': { schema: object } } };
  responses: Record<string, { content?: { 'application/json': { schema: object } } }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
});
afterAll(() => t.cleanup());

const operation = (method: string, path: string): Operation => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
};

// Refs point into the document's components, so each schema is checked with them beside it.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
const matches = (schema: object, value: unknown) => {
  const validate = ajv.compile({ ...schema, components: doc.components });
  return validate(value) ? 'valid' : ajv.errorsText(validate.errors);
};

/** Checks `res`'s JSON body against what the document says `method path` answers with its status. */
async function expectDocumentedAnswer(method: string, path: string, res: Response) {
  const schema = operation(method, path).responses[String(res.status)]?.content?.['application/json'].schema;
  expect(schema, `${method} ${path} documents no ${res.status} answer`).toBeDefined();
  expect(matches(schema as object, await res.json())).toBe('valid');
}

describe('GET /api/openapi.json', () => {
  it('documents every route the app answers, and no route it does not', () => {
    const registered = inspectRoutes(t.app)
      // The catch-all JSON 404 (`ALL /api/*`) is not a route of the API.
      .filter((route) => !route.isMiddleware && route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path}`);
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(doc.openapi).toBe('3.1.0');
    expect(documented.sort(), 'every route of the app carries its doc({...}) (routes/openapi.ts)').toEqual(
      registered.sort(),
    );
  });

  it('describes each request from the contract: path, query, headers, body, who may call', () => {
    const place = operation('post', '/api/orders');
    expect(place.security).toEqual([{ firebaseIdToken: [] }]);
    expect(place.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
    );
    const body = place.requestBody?.content['application/json'].schema as object;
    const sample = (cartQuantity: number) =>
      orderInput({ email: 'a@b.test', orderedProduct: [{ _id: 'p1', cartQuantity }] });
    expect(matches(body, sample(2))).toBe('valid');
    expect(matches(body, sample(0))).not.toBe('valid');
    expect(operation('put', '/api/products/update/{id}').parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    );
    expect(operation('get', '/api/products').parameters).toContainEqual(
      expect.objectContaining({ name: 'since', in: 'query', required: false }),
    );
    expect(operation('get', '/api/products').security).toBeUndefined();
  });

  it('documents the error shape on every answer that is not a success', () => {
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods))
        for (const [status, response] of Object.entries(op.responses))
          if (Number(status) >= 400)
            expect(response.content?.['application/json'].schema, `${method} ${path} ${status}`).toEqual({
              $ref: '#/components/schemas/Error',
            });
    expect(
      matches(
        { $ref: '#/components/schemas/Error' },
        {
          error: {
            code: 'validation_failed',
            message: 'Some fields are invalid',
            details: { fields: { phone: ['Required'] } },
          },
        },
      ),
    ).toBe('valid');
  });

  it('matches what the app really answers, successes and errors', async () => {
    await expectDocumentedAnswer('get', '/api/products', await t.call('GET', '/api/products'));
    await expectDocumentedAnswer('get', '/api/reviews', await t.call('GET', '/api/reviews'));
    await expectDocumentedAnswer('get', '/api/health', await t.call('GET', '/api/health'));
    const body = await orderBody(t, customerA);
    expect(
      matches(operation('post', '/api/orders').requestBody?.content['application/json'].schema as object, body),
    ).toBe('valid');
    const placed = await t.call('POST', '/api/orders', {
      role: 'customerA',
      body,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(placed.status).toBe(201);
    const { _id: placedId } = (await placed.clone().json()) as { _id: string };
    await expectDocumentedAnswer('post', '/api/orders', placed);
    await expectDocumentedAnswer(
      'get',
      '/api/orders',
      await t.call('GET', `/api/orders?email=${customerA.email}`, { role: 'customerA' }),
    );
    await expectDocumentedAnswer(
      'get',
      '/api/orders/{id}',
      await t.call('GET', `/api/orders/${placedId}`, { role: 'customerA' }),
    );
    await expectDocumentedAnswer(
      'get',
      '/api/orders/{id}',
      await t.call('GET', `/api/orders/${placedId}`, { role: 'customerB' }),
    );
    await expectDocumentedAnswer(
      'get',
      '/api/users/{email}',
      await t.call('GET', `/api/users/${customerA.email}`, { role: 'customerA' }),
    );
    const invalid = await t.call('POST', '/api/orders', {
      role: 'customerA',
      body: { ...body, phone: '' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(invalid.status).toBe(400);
    await expectDocumentedAnswer('post', '/api/orders', invalid);
    const anonymous = await t.call('DELETE', '/api/orders/nope');
    expect(anonymous.status).toBe(401);
    await expectDocumentedAnswer('delete', '/api/orders/{id}', anonymous);
    const missing = await t.call('DELETE', '/api/products/nope', { role: 'admin' });
    expect(missing.status).toBe(404);
    await expectDocumentedAnswer('delete', '/api/products/{id}', missing);
  });

  it('matches the delivery answers: slots, a filtered page, a moved slot, invalid transitions and out of stock', async () => {
    await expectDocumentedAnswer('get', '/api/delivery-slots', await t.call('GET', '/api/delivery-slots'));
    const body = { ...(await orderBody(t, customerA)), deliverySlot: 'no-such-slot' };
    const placed = await t.call('POST', '/api/orders', {
      role: 'customerA',
      body,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    const order = (await placed.clone().json()) as { _id: string; deliverySlotChanged?: boolean };
    expect(order.deliverySlotChanged).toBe(true);
    await expectDocumentedAnswer('post', '/api/orders', placed);
    await expectDocumentedAnswer(
      'get',
      '/api/orders',
      await t.call('GET', '/api/orders?status=Pending&q=asha&limit=1', { role: 'admin' }),
    );
    expect(operation('get', '/api/orders').parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(['email', 'limit', 'cursor', 'status', 'slot', 'q', 'If-None-Match']),
    );
    const skipped = await t.call('PUT', `/api/orders/update/${order._id}`, {
      role: 'admin',
      body: { orderStatus: 'Delivered' },
    });
    expect(skipped.status).toBe(409);
    await expectDocumentedAnswer('put', '/api/orders/update/{id}', skipped);
    const [product] = (await (await t.call('GET', '/api/products')).json()) as Array<{ _id: string }>;
    await t.call('PUT', `/api/products/update/${product?._id}`, { role: 'admin', body: { inStock: false } });
    const refused = await t.call('POST', '/api/orders', {
      role: 'customerA',
      body: await orderBody(t, customerA),
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    await t.call('PUT', `/api/products/update/${product?._id}`, { role: 'admin', body: { inStock: true } });
    expect(refused.status).toBe(409);
    await expectDocumentedAnswer('post', '/api/orders', refused);
  });
});

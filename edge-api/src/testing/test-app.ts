/**
 * The API on a fresh, seeded libSQL file with emulator-token auth and three signed-in users:
 * customers A and B, and an admin (marked in `users`, as `npm start` does).
 */
import { createApp, type AppDeps } from '../app';
import { DEFAULT_AUTH_EMULATOR_HOST } from '../contract/local-run';
import type { OrderInput } from '../contract/order';
import { listProducts } from '../db/products';
import { upsertAdminUser } from '../db/users';
import { orderInput, SAMPLE_CONTACT } from './order-fixture';
import { createTestDb, type TestDb } from './test-db';
// The apps' log lines, collected instead of printed (test-db.ts installs the collector).
export { logsOf, testLogs, type LogLine } from './test-logs';
import { emulatorToken, type TokenClaims } from './tokens';

export const customerA: TokenClaims = { uid: 'uid-customer-a', email: 'asha@example.test', name: 'Asha Rahman' };
export const customerB: TokenClaims = { uid: 'uid-customer-b', email: 'babul@example.test', name: 'Babul Mia' };
export const admin: TokenClaims = { uid: 'uid-admin', email: 'admin@tazahaat.test', name: 'Taza Haat Admin' };

export type Role = 'anonymous' | 'customerA' | 'customerB' | 'admin';

export type TestApp = TestDb & {
  app: ReturnType<typeof createApp>;
  /** Authorization header for `role` ({} for anonymous). */
  auth: (role: Role) => Record<string, string>;
  /** A JSON request with the role's token; `headers` are added. */
  call: (
    method: string,
    path: string,
    opts?: { role?: Role; body?: unknown; headers?: Record<string, string> },
  ) => Promise<Response>;
};

/**
 * The API on a fresh test database (createTestDb) with `env` added to the test config and `deps`
 * (e.g. a Stripe or bKash client) to the app's; the admin is marked in `users`. The write limits
 * and (createTestDb) OPEN_ORDERS_PER_ACCOUNT are raised out of the way of tests that place many
 * orders; a test of a limit passes its own value (or `''` for the default).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Omit<Partial<AppDeps>, 'db' | 'config'> = {},
): Promise<TestApp> {
  const t = await createTestDb({
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: DEFAULT_AUTH_EMULATOR_HOST,
      RATE_LIMIT_USER_WRITES_PER_MINUTE: '1000000',
      RATE_LIMIT_IP_WRITES_PER_MINUTE: '1000000',
      ...env,
    },
  });
  await upsertAdminUser(t.db, admin.email, admin.name ?? '');
  const app = createApp({ db: t.db, config: t.config, ...deps });
  const users = { customerA, customerB, admin };
  const auth = (role: Role): Record<string, string> =>
    role === 'anonymous' ? {} : { Authorization: `Bearer ${emulatorToken(users[role], t.config.firebaseProjectId)}` };
  const call: TestApp['call'] = (method, path, opts = {}) =>
    Promise.resolve(
      app.request(path, {
        method,
        headers: {
          ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...auth(opts.role ?? 'anonymous'),
          ...opts.headers,
        },
        ...(opts.body === undefined
          ? {}
          : { body: typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body) }),
      }),
    );
  return { ...t, app, auth, call };
}

/**
 * The sample `POST /orders` body (order-fixture.ts) for `user`, in their name, with the first
 * `lines` products of `t`'s catalogue at `quantity` kg.
 */
export async function orderBody(t: TestDb, user: TokenClaims, lines = 2, quantity = 1): Promise<OrderInput> {
  const products = (await listProducts(t.db)).slice(0, lines);
  return orderInput({
    customerName: user.name ?? SAMPLE_CONTACT.customerName,
    email: user.email,
    orderedProduct: products.map((product) => ({ _id: product._id, cartQuantity: quantity })),
  });
}

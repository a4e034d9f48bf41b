/**
 * The API app factory: every route of DESIGN.md §3 under `/api`, with its services (db, config,
 * token verifier, client IP) injected, so the Node and Workers entries stay thin and tests call
 * `app.request()` on a real database.
 */
import type { Client } from '@libsql/client';
import { Hono, type Context } from 'hono';
import type Stripe from 'stripe';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { emulatorConfigured, loopbackRequest, type EmulatorTokenGate } from './auth/emulator-tokens';
import { createJwksSource } from './auth/jwks';
import { createTokenVerifier, type TokenVerifier } from './auth/verify-token';
import { CatalogueCache } from './catalogue/catalogue';
import { ActiveAreasCache } from './delivery/area-list';
import type { AppConfig } from './config';
import { factory, type AppEnv } from './env';
import { createStripe } from './payments/stripe';
import { createBkashClient, type BkashClient } from './payments/bkash';
import type { PushSender } from './push/sender';
import { limitBody } from './http/body-limit';
import { errorResponse, onError } from './http/errors';
import { configureLogging } from './http/logger';
import { logRequests } from './http/log-requests';
import { requestIds } from './http/request-id';
import { openApiRoute } from './routes/openapi';
import { ipCallbackLimit, ipWriteLimit, userWriteLimit } from './http/rate-limit';
import { checkout, stripeWebhook } from './routes/checkout';
import { deliveryAreas } from './routes/delivery-areas';
import { deliverySlots } from './routes/delivery-slots';
import { health } from './routes/health';
import { orders } from './routes/orders';
import { orderDelivery } from './routes/order-delivery';
import { orderPaymentMethod } from './routes/order-payment-method';
import { payments } from './routes/payments';
import { products } from './routes/products';
import { myProblems, orderProblems, problemPhotos, problems } from './routes/problems';
import { push } from './routes/push';
import { reports } from './routes/reports';
import { reviews } from './routes/reviews';
import { rider, riders } from './routes/riders';
import { users } from './routes/users';
import type { PaymentMethod } from './contract/order';
import type { PaymentProvider } from './payments/provider';
import { providerFor } from './payments/providers';

export type AppDeps = {
  db: Client;
  config: AppConfig;
  /**
   * Used for every request when given; by default, Firebase ID-token verification for
   * config.firebaseProjectId (auth/verify-token.ts), with emulator tokens where
   * `emulatorTokens` allows them.
   */
  verifyToken?: TokenVerifier;
  /**
   * Whether a request may sign in with an unsigned emulator token, when the configuration asks
   * for them (auth/emulator-tokens.ts). Defaults to a request to a loopback host with no reverse
   * proxy in front (Workers under `wrangler dev`, tests); Node also needs its listener on loopback.
   */
  emulatorTokens?: EmulatorTokenGate;
  /** The client's IP for rate limits; each runtime entry knows where to read it. */
  clientIp?: (c: Context) => string;
  /**
   * The shop's origin (`http://127.0.0.1:8787`, no trailing slash) for the URLs given to payment
   * providers when config.publicUrl (PUBLIC_URL) is unset. Node: its listener's address, never a
   * request header. Default (Workers, tests): the request URL's origin, which on Workers is one of
   * the Worker's own routes — Cloudflare runs a Worker only for a host its routes name.
   */
  origin?: (c: Context) => string;
  /** Defaults to a Stripe client for config.stripeSecretKey (payments/stripe.ts), or none. */
  stripe?: Stripe;
  /** Defaults to a bKash client for config.bkash (payments/bkash.ts), or none. */
  bkash?: BkashClient;
  /**
   * Ways to pay registered besides (or instead of) those the clients above make
   * (payments/providers.ts): a new provider is one file and one entry here or there.
   */
  providers?: Partial<Record<PaymentMethod, PaymentProvider>>;
  /** The catalogue cache, when the entry shares it (Node's replay of the catalogue read). */
  catalogue?: CatalogueCache;
  /** The delivery areas' cache, when the entry shares it (Node's replay of the areas' read). */
  areas?: ActiveAreasCache;
  /** The runtime's Web Push sender (push/sender.ts); without one, or without config.push, nothing is sent. */
  pushSender?: PushSender;
};

const MAX_BODY_BYTES = 64 * 1024;

/** The body limit of every request but a problem photo's upload. */
const limitRequestBody = limitBody(MAX_BODY_BYTES, (c) =>
  errorResponse(c, 413, 'payload_too_large', `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`),
);

/** Where a shopper uploads a problem photo: up to MAX_PHOTO_BYTES (contract/problem.ts), checked by its route. */
const PHOTO_UPLOAD_PATH = '/api/problem-photos';

/**
 * The verifiers the config asks for, over one key set (its JWKS, Google's by default): `signed`
 * for RS256 tokens only, and `emulator` also taking unsigned emulator tokens when the config
 * asks for them (FIREBASE_AUTH_EMULATOR_HOST and a demo- project), else undefined.
 */
function defaultTokenVerifiers(config: AppConfig): { signed: TokenVerifier; emulator?: TokenVerifier } {
  const keys = createJwksSource(config.firebaseJwksUrl);
  const verifier = (acceptEmulatorTokens: boolean) =>
    createTokenVerifier({ projectId: config.firebaseProjectId, keys, acceptEmulatorTokens });
  return emulatorConfigured(config)
    ? { signed: verifier(false), emulator: verifier(true) }
    : { signed: verifier(false) };
}

/** The verifier for request `c`: `deps.verifyToken`, else the emulator's only where the request may use it. */
function tokenVerifierFor(deps: AppDeps): (c: Context<AppEnv>) => TokenVerifier {
  if (deps.verifyToken) {
    const given = deps.verifyToken;
    return () => given;
  }
  const { signed, emulator } = defaultTokenVerifiers(deps.config);
  const gate = deps.emulatorTokens ?? loopbackRequest;
  return (c) => (emulator && gate(c) ? emulator : signed);
}

/** The origin of request `c`'s URL: the default of AppDeps.origin. */
const requestOrigin = (c: Context): string => new URL(c.req.url).origin;

/** The API's routes for `deps`; `described` is the whole app, whose routes `GET /openapi.json` describes. */
function buildApi(deps: AppDeps, described: Hono<AppEnv>) {
  const verifyTokenFor = tokenVerifierFor(deps);
  const clientIp = deps.clientIp ?? (() => 'unknown');
  const publicUrl = deps.config.publicUrl;
  const shopOrigin = publicUrl ? () => publicUrl : (deps.origin ?? requestOrigin);
  const limitUserWrites = userWriteLimit(deps.config.rateLimits.userWritesPerMinute);
  const stripe = deps.stripe ?? (deps.config.stripeSecretKey ? createStripe(deps.config.stripeSecretKey) : undefined);
  const bkash = deps.bkash ?? (deps.config.bkash ? createBkashClient(deps.config.bkash) : undefined);
  const catalogue = deps.catalogue ?? new CatalogueCache(deps.db);
  const areas = deps.areas ?? new ActiveAreasCache(deps.db);
  const inject = factory.createMiddleware(async (c, next) => {
    c.set('db', deps.db);
    c.set('catalogue', catalogue);
    c.set('areas', areas);
    c.set('config', deps.config);
    c.set('verifyToken', verifyTokenFor(c));
    c.set('clientIp', clientIp);
    c.set('shopOrigin', shopOrigin);
    c.set('userWriteLimit', limitUserWrites);
    c.set('stripe', stripe);
    c.set('bkash', bkash);
    c.set(
      'paymentProvider',
      (method) => deps.providers?.[method] ?? providerFor({ db: deps.db, stripe, bkash }, method),
    );
    c.set('pushSender', deps.config.push ? deps.pushSender : undefined);
    await next();
  });
  const corsOrigin = deps.config.corsOrigin;
  return (
    new Hono<AppEnv>()
      // First, so every answer, errors and refusals included, has an id and a log line.
      .use(requestIds)
      .use(logRequests)
      .use(
        secureHeaders({
          contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
          strictTransportSecurity: 'max-age=31536000; includeSubDomains',
          xFrameOptions: 'DENY',
        }),
      )
      .use(
        corsOrigin
          ? cors({
              origin: corsOrigin,
              allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-None-Match'],
              exposeHeaders: ['ETag', 'Retry-After', 'X-Request-Id'],
            })
          : (_c, next) => next(),
      )
      // A problem photo has its own, larger limit (routes/problems.ts).
      .use((c, next) => (c.req.path === PHOTO_UPLOAD_PATH ? next() : limitRequestBody(c, next)))
      .use(inject)
      .use(ipWriteLimit(deps.config.rateLimits.ipWritesPerMinute))
      // Anyone may call it, and each call may make the shop call bKash.
      .use('/payments/bkash/callback', ipCallbackLimit())
      .route('/health', health)
      .route('/products', products)
      .route('/orders', orders)
      .route('/orders', orderDelivery)
      .route('/orders', orderPaymentMethod)
      .route('/orders', orderProblems)
      .route('/problem-photos', problemPhotos)
      .route('/problems', problems)
      .route('/delivery-areas', deliveryAreas)
      .route('/delivery-slots', deliverySlots)
      .route('/reviews', reviews)
      // Before `/users`, whose routes another module owns.
      .route('/users/me/problems', myProblems)
      .route('/users', users)
      .route('/riders', riders)
      .route('/rider', rider)
      .route('/reports', reports)
      .route('/checkout', checkout)
      .route('/stripe', stripeWebhook)
      .route('/payments', payments)
      .route('/openapi.json', openApiRoute(described))
      .route('/push', push)
      // Unknown API paths are a JSON 404, never the PWA's index.html.
      .all('*', (c) => errorResponse(c, 404, 'not_found', `No API route for ${c.req.method} ${c.req.path}`))
  );
}

/** The typed API, for the PWA's `hc<AppType>` client. */
export type AppType = ReturnType<typeof buildApi>;

/**
 * Builds the app serving `/api/*`. Paths outside `/api` are not handled here (404), so an
 * entry can mount static files and the SPA fallback after it. Configures logging (process-wide,
 * http/logger.ts) at `config.logLevel`.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  configureLogging(deps.config.logLevel);
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.route('/api', buildApi(deps, app));
  return app;
}

/**
 * The API app factory: every route of DESIGN.md §3 under `/api`, with its services (db, config,
 * token verifier, client IP) injected, so the Node and Workers entries stay thin and tests call
 * `app.request()` on a real database.
 */
import type { Client } from '@libsql/client';
import { Hono, type Context } from 'hono';
import type Stripe from 'stripe';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import { createJwksSource } from './auth/jwks';
import { createTokenVerifier, type TokenVerifier } from './auth/verify-token';
import { CatalogueCache } from './catalogue/catalogue';
import type { AppConfig } from './config';
import { factory, type AppEnv } from './env';
import { createStripe } from './payments/stripe';
import { errorResponse, onError } from './http/errors';
import { configureLogging, logRequests } from './http/logger';
import { requestIds } from './http/request-id';
import { openapi } from './routes/openapi';
import { ipWriteLimit, userWriteLimit } from './http/rate-limit';
import { checkout, stripeWebhook } from './routes/checkout';
import { deliverySlots } from './routes/delivery-slots';
import { health } from './routes/health';
import { orders } from './routes/orders';
import { products } from './routes/products';
import { reviews } from './routes/reviews';
import { users } from './routes/users';

export type AppDeps = {
  db: Client;
  config: AppConfig;
  /** Defaults to Firebase ID-token verification for config.firebaseProjectId (auth/verify-token.ts). */
  verifyToken?: TokenVerifier;
  /** The client's IP for rate limits; each runtime entry knows where to read it. */
  clientIp?: (c: Context) => string;
  /** Defaults to a Stripe client for config.stripeSecretKey (payments/stripe.ts), or none. */
  stripe?: Stripe;
  /** The catalogue cache, when the entry shares it (Node's replay of the catalogue read). */
  catalogue?: CatalogueCache;
};

export const MAX_BODY_BYTES = 64 * 1024;

/** The verifier the config asks for: its JWKS (Google's by default), plus emulator tokens when the emulator is set. */
export function defaultTokenVerifier(config: AppConfig): TokenVerifier {
  return createTokenVerifier({
    projectId: config.firebaseProjectId,
    keys: createJwksSource(config.firebaseJwksUrl),
    acceptEmulatorTokens: config.authEmulatorHost !== undefined,
  });
}

function buildApi(deps: AppDeps) {
  const verifyToken = deps.verifyToken ?? defaultTokenVerifier(deps.config);
  const clientIp = deps.clientIp ?? (() => 'unknown');
  const limitUserWrites = userWriteLimit(deps.config.rateLimits.userWritesPerMinute);
  const stripe = deps.stripe ?? (deps.config.stripeSecretKey ? createStripe(deps.config.stripeSecretKey) : undefined);
  const catalogue = deps.catalogue ?? new CatalogueCache(deps.db);
  const inject = factory.createMiddleware(async (c, next) => {
    c.set('db', deps.db);
    c.set('catalogue', catalogue);
    c.set('config', deps.config);
    c.set('verifyToken', verifyToken);
    c.set('clientIp', clientIp);
    c.set('userWriteLimit', limitUserWrites);
    c.set('stripe', stripe);
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
      .use(
        bodyLimit({
          maxSize: MAX_BODY_BYTES,
          onError: (c) =>
            errorResponse(c, 413, 'payload_too_large', `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`),
        }),
      )
      .use(inject)
      .use(ipWriteLimit(deps.config.rateLimits.ipWritesPerMinute))
      .route('/health', health)
      .route('/products', products)
      .route('/orders', orders)
      .route('/delivery-slots', deliverySlots)
      .route('/reviews', reviews)
      .route('/users', users)
      .route('/checkout', checkout)
      .route('/stripe', stripeWebhook)
      .route('/openapi.json', openapi)
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
  app.route('/api', buildApi(deps));
  return app;
}

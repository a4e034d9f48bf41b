/**
 * The API app factory: every route under `/api`, with its services (db, config) injected, so
 * the Node and Workers entries stay thin and tests call `app.request()` on a real database.
 */
import type { Client } from '@libsql/client';
import { Hono } from 'hono';
import type { AppConfig } from './config';
import { factory, type AppEnv } from './env';
import { errorResponse, onError } from './errors';
import { health } from './routes/health';
import { products } from './routes/products';

export type AppDeps = { db: Client; config: AppConfig };

function buildApi(deps: AppDeps) {
  const inject = factory.createMiddleware(async (c, next) => {
    c.set('db', deps.db);
    c.set('config', deps.config);
    await next();
  });
  return (
    new Hono<AppEnv>()
      .use(inject)
      .route('/health', health)
      .route('/products', products)
      // Unknown API paths are a JSON 404, never the PWA's index.html.
      .all('*', (c) => errorResponse(c, 404, 'not_found', `No API route for ${c.req.method} ${c.req.path}`))
  );
}

/** The typed API, for the PWA's `hc<AppType>` client. */
export type AppType = ReturnType<typeof buildApi>;

/**
 * Builds the app serving `/api/*`. Paths outside `/api` are not handled here (404), so an
 * entry can mount static files and the SPA fallback after it.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.route('/api', buildApi(deps));
  return app;
}

/**
 * Cloudflare Workers entry: the same API app over `@libsql/client/web` (Turso or sqld over
 * HTTP). Static files and the SPA fallback are served by Workers static assets (wrangler.toml);
 * only `/api/*` reaches this code. The database is migrated from Node (`npm run migrate`).
 */
import { createClient, type Client } from '@libsql/client/web';
import { createApp } from './app';
import { parseConfig } from './config';

/** Worker bindings: the string variables of config.ts (vars and secrets). */
export type WorkerEnv = Record<string, string | undefined>;

let cached: { key: string; app: ReturnType<typeof createApp> } | undefined;

/** One app per isolate, rebuilt only if the bindings change. */
function appFor(env: WorkerEnv) {
  const config = parseConfig(env);
  const key = JSON.stringify(config);
  if (cached?.key !== key) {
    const db: Client = createClient(
      config.databaseAuthToken ? { url: config.databaseUrl, authToken: config.databaseAuthToken } : { url: config.databaseUrl },
    );
    // Cloudflare puts the visitor's address in CF-Connecting-IP.
    cached = { key, app: createApp({ db, config, clientIp: (c) => c.req.header('CF-Connecting-IP') ?? 'unknown' }) };
  }
  return cached.app;
}

export default {
  fetch(request: Request, env: WorkerEnv): Response | Promise<Response> {
    return appFor(env).fetch(request, env);
  },
};

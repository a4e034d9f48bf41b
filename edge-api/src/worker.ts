/**
 * Cloudflare Workers entry: the same API app over `@libsql/client/web` (Turso or sqld over
 * HTTP). Static files and the SPA fallback are served by Workers static assets (wrangler.toml);
 * only `/api/*` and the public pages reach this code: those are answered with the build's
 * prerendered page in the shopper's language, from the assets (http/prerendered.ts). The database is migrated from Node (`npm run migrate`).
 * A configuration the Worker cannot serve with — a bad variable, or the demo Firebase project
 * without an Auth emulator — is refused: every API request answers a generic 503
 * `service_misconfigured` (the client learns no setting's name), and the log says which
 * settings are wrong and why. The Auth emulator's unsigned tokens are accepted only for a request
 * to a loopback host (`wrangler dev`), never on a public host, whatever the variables say.
 * Payment providers send shoppers back to PUBLIC_URL, else to the origin of the request: Cloudflare
 * runs the Worker only for a host its routes (or workers.dev) name, so that is one of the shop's own.
 */
import { createClient, type Client } from '@libsql/client/web';
import type { ExecutionContext } from 'hono';
import { createApp } from './app';
import { loopbackRequest } from './auth/emulator-tokens';
import { ConfigError, parseConfig, type AppConfig } from './config';
import { databaseClientConfig } from './db/request-timeout';
import { errorBody } from './http/errors';
import { ensureLogging, requestLog } from './http/logger';
import { PRERENDER_VARY, prerenderedFile, requestLocale } from './http/prerendered';
import { requestIdFrom } from './http/request-id';
import { createWebCryptoSender } from './push/webcrypto-sender';

/** Worker bindings: the string variables of config.ts (vars and secrets), and the Rate Limiting bindings (http/rate-limit.ts). */
export type WorkerEnv = Record<string, unknown>;

let cached: { key: string; app: ReturnType<typeof createApp> } | undefined;

/**
 * Refuses a `demo-` project without the Auth emulator: only the emulator issues tokens for one,
 * so on Workers it means a deploy that lacks its real FIREBASE_PROJECT_ID and no one could sign in.
 * @throws ConfigError saying how to set the project.
 */
function assertServableConfig(config: AppConfig): void {
  if (config.firebaseProjectId.startsWith('demo-') && config.authEmulatorHost === undefined)
    throw new ConfigError(
      `FIREBASE_PROJECT_ID is ${config.firebaseProjectId}, a demo project only the Firebase Auth emulator serves, and FIREBASE_AUTH_EMULATOR_HOST is not set: ` +
        'deploy with your Firebase project (npx wrangler deploy --var FIREBASE_PROJECT_ID:<project-id>), or run locally with wrangler dev --env local.',
      ['FIREBASE_PROJECT_ID', 'FIREBASE_AUTH_EMULATOR_HOST'],
    );
}

/** One app per isolate, rebuilt only if the bindings change. @throws ConfigError for a configuration it cannot serve with. */
function appFor(env: WorkerEnv) {
  const strings = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
  const config = parseConfig(strings);
  assertServableConfig(config);
  const key = JSON.stringify(config);
  if (cached?.key !== key) {
    // workerd bounds no subrequest's wait: without the config's bounded fetch a stalled database server would hold the request for ever.
    const db: Client = createClient(databaseClientConfig(config.databaseUrl, config.databaseAuthToken));
    // Cloudflare puts the visitor's address in CF-Connecting-IP.
    cached = {
      key,
      app: createApp({
        db,
        config,
        clientIp: (c) => c.req.header('CF-Connecting-IP') ?? 'unknown',
        // A Worker has no listener of its own: the request's host tells a wrangler dev run from a deployment.
        emulatorTokens: loopbackRequest,
        ...(config.push ? { pushSender: createWebCryptoSender(config.push) } : {}),
      }),
    };
  }
  return cached.app;
}

/**
 * The answer to `request` while the configuration is refused: 503 `service_misconfigured`, the
 * same for every request and naming no setting (what is wrong with a deployment is not the
 * client's to know), with the request's id. The log line — at error, with that request id —
 * names the settings and says why (`error.message`: names and rules, never a value of a secret).
 */
function misconfigured(request: Request, error: ConfigError): Response {
  const requestId = requestIdFrom(request.headers.get('X-Request-Id') ?? undefined);
  // No app exists to have configured logging (createApp does).
  ensureLogging('info');
  requestLog(requestId).error('service misconfigured', { settings: error.settings, reason: error.message });
  return Response.json(
    errorBody('service_misconfigured', 'The shop is not available right now; please try again later.'),
    {
      status: 503,
      headers: { 'X-Request-Id': requestId, 'Cache-Control': 'no-store' },
    },
  );
}

/** The static assets binding (wrangler.toml `[assets] binding`). */
type Assets = { fetch: (request: Request) => Promise<Response> };

/**
 * The prerendered page for a public page's GET, in the language of the `locale` cookie or
 * `Accept-Language`, from the static assets (`/prerendered/<locale>/<file>`: Workers' HTML
 * handling serves `<file>.html` there, and `index.html` for the folder); undefined for any other
 * request, or when the build made no such page (the app shell then answers, as before).
 */
async function prerenderedPage(request: Request, env: WorkerEnv): Promise<Response | undefined> {
  const assets = env.ASSETS as Assets | undefined;
  if (!assets || (request.method !== 'GET' && request.method !== 'HEAD')) return undefined;
  const url = new URL(request.url);
  const file = prerenderedFile(url.pathname, url.search);
  if (!file) return undefined;
  const locale = requestLocale(
    request.headers.get('Cookie') ?? undefined,
    request.headers.get('Accept-Language') ?? undefined,
  );
  const asset = new URL(`/prerendered/${locale}/${file === 'index' ? '' : file}`, url);
  const res = await assets.fetch(new Request(asset, { method: request.method, headers: request.headers }));
  // 304: the browser's copy (its ETag) is this page's, still current.
  if (res.status !== 200 && res.status !== 304) return undefined;
  const page = new Response(res.body, res);
  page.headers.set('Vary', PRERENDER_VARY);
  page.headers.set('Cache-Control', 'no-cache');
  return page;
}

/** Serves a public page or the API (see the module comment). */
async function serve(request: Request, env: WorkerEnv, ctx?: ExecutionContext): Promise<Response> {
  const page = await prerenderedPage(request, env);
  if (page) return page;
  if (!new URL(request.url).pathname.startsWith('/api/') && env.ASSETS) return (env.ASSETS as Assets).fetch(request);
  let app;
  try {
    app = appFor(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return misconfigured(request, error);
  }
  // The execution context lets work outlive the answer (push/notify.ts sends order news with waitUntil).
  return app.fetch(request, env, ctx);
}

export default {
  /** Answers a public page with its prerendered HTML and `/api/*` with the app, or 503 `service_misconfigured` (logged with the settings) when the configuration is refused. */
  fetch(request: Request, env: WorkerEnv, ctx?: ExecutionContext): Promise<Response> {
    return serve(request, env, ctx);
  },
};

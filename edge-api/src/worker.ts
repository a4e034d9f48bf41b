/**
 * Cloudflare Workers entry: the same API app over `@libsql/client/web` (Turso or sqld over
 * HTTP). Static files and the SPA fallback are served by Workers static assets (wrangler.toml);
 * only `/api/*` reaches this code. The database is migrated from Node (`npm run migrate`).
 * A configuration the Worker cannot serve with — a bad variable, or the demo Firebase project
 * without an Auth emulator — is refused: every API request answers 500 with the reason, which
 * is also logged.
 */
import { createClient, type Client } from '@libsql/client/web';
import { createApp } from './app';
import { ConfigError, parseConfig, type AppConfig } from './config';
import { errorBody } from './errors';

/** Worker bindings: the string variables of config.ts (vars and secrets), and the Rate Limiting bindings (rate-limit.ts). */
export type WorkerEnv = Record<string, unknown>;

let cached: { key: string; app: ReturnType<typeof createApp> } | undefined;

/**
 * Refuses a `demo-` project without the Auth emulator: only the emulator issues tokens for one,
 * so on Workers it means a deploy that lacks its real FIREBASE_PROJECT_ID and no one could sign in.
 * @throws ConfigError saying how to set the project.
 */
export function assertServableConfig(config: AppConfig): void {
  if (config.firebaseProjectId.startsWith('demo-') && config.authEmulatorHost === undefined)
    throw new ConfigError(
      `FIREBASE_PROJECT_ID is ${config.firebaseProjectId}, a demo project only the Firebase Auth emulator serves, and FIREBASE_AUTH_EMULATOR_HOST is not set: ` +
        'deploy with your Firebase project (npx wrangler deploy --var FIREBASE_PROJECT_ID:<project-id>), or run locally with wrangler dev --env local.',
    );
}

/** One app per isolate, rebuilt only if the bindings change. @throws ConfigError for a configuration it cannot serve with. */
function appFor(env: WorkerEnv) {
  const strings = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  const config = parseConfig(strings);
  assertServableConfig(config);
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
  /** Answers `/api/*` with the app, or 500 `misconfigured` (logged) when the configuration is refused. */
  fetch(request: Request, env: WorkerEnv): Response | Promise<Response> {
    let app;
    try {
      app = appFor(env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(`Taza Haat cannot serve: ${error.message}`);
      return Response.json(errorBody('misconfigured', `The server is misconfigured: ${error.message}`), { status: 500 });
    }
    return app.fetch(request, env);
  },
};

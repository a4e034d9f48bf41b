/** Hono environment shared by every route: per-request services set by the app factory. */
import type { Client } from '@libsql/client';
import { createFactory } from 'hono/factory';
import type { AppConfig } from './config';

export type AppEnv = {
  Variables: {
    db: Client;
    config: AppConfig;
  };
};

/** Creates sub-apps and middleware typed with {@link AppEnv}. */
export const factory = createFactory<AppEnv>();

/**
 * What `npm start` and `npm run dev` share (DESIGN.md §2): settings and ports from env (`.env`
 * read) with the Auth emulator's defaults, the busy-port check, the database migrated and seeded
 * with its one-line report, the emulator started with its persisted accounts and the admin
 * account, the PWA's Firebase env, and the "is running" banner.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Client } from '@libsql/client';
import { parseConfig, printableDatabaseUrl, type AppConfig } from '../../edge-api/src/config';
import { DEFAULT_AUTH_EMULATOR_HOST } from '../../edge-api/src/contract/local-run';
import { openDatabase } from '../../edge-api/src/db/client';
import { prepareDatabase } from '../../edge-api/src/db/prepare';
import { upsertAdminUser } from '../../edge-api/src/db/users';
import { ensureEmulatorAccount, startAuthEmulator, verifyEmulatorEmail, type EmulatorPorts } from './auth-emulator';
import { loadDotEnv, UserFacingError } from './cli';
import { isPortFree } from './ports';
import type { Supervisor } from './supervisor';

/** The admin account both commands create in the emulator (password: ADMIN_PASSWORD). */
const ADMIN_EMAIL = 'admin@tazahaat.test';
const ADMIN_NAME = 'Taza Haat Admin';
const DEFAULT_ADMIN_PASSWORD = 'tazahaat-admin';

/** One port a command listens on: the env variable that sets it, its default, and what it is for. */
export type PortSetting = { env: string; fallback: number; label: string };

/** A command's settings: the app config, its own ports by key, and the Auth emulator's ports. */
export type LocalSettings<K extends string> = {
  config: AppConfig;
  ports: Record<K, number>;
  emulatorPorts: EmulatorPorts;
};

/**
 * The port in env `name`, or `fallback` when unset or empty.
 * @throws UserFacingError when it is not a port number.
 */
function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const port = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new UserFacingError(`${name} must be a port number, not "${raw}".`);
  return port;
}

/**
 * Reads `.env`, defaults FIREBASE_AUTH_EMULATOR_HOST to DEFAULT_AUTH_EMULATOR_HOST, parses the config and
 * the ports (`own`, then the emulator's: FIREBASE_HUB_PORT 4400, FIREBASE_LOGGING_PORT 4500),
 * and checks every port is free on 127.0.0.1.
 * @throws UserFacingError when the project is not a demo- one (`command` names the command in
 * the sentence), a port is malformed or busy; ConfigError on a bad config.
 */
export async function readLocalSettings<K extends string>(
  command: string,
  own: Record<K, PortSetting>,
): Promise<LocalSettings<K>> {
  loadDotEnv();
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= DEFAULT_AUTH_EMULATOR_HOST;
  const config = parseConfig(process.env);
  if (!config.firebaseProjectId.startsWith('demo-'))
    throw new UserFacingError(
      `${command} runs the Auth emulator, which needs a demo- project id (FIREBASE_PROJECT_ID is "${config.firebaseProjectId}").`,
    );
  const settings = Object.entries<PortSetting>(own);
  const ports = Object.fromEntries(
    settings.map(([key, setting]) => [key, portFromEnv(setting.env, setting.fallback)]),
  ) as Record<K, number>;
  const authPort = Number((config.authEmulatorHost ?? DEFAULT_AUTH_EMULATOR_HOST).split(':')[1]);
  const emulatorPorts = {
    auth: authPort,
    hub: portFromEnv('FIREBASE_HUB_PORT', 4400),
    logging: portFromEnv('FIREBASE_LOGGING_PORT', 4500),
  };
  const labelled: [string, number][] = [
    ...settings.map(([key, setting]): [string, number] => [setting.label, ports[key as K]]),
    ['the Auth emulator', emulatorPorts.auth],
    ['the emulator hub', emulatorPorts.hub],
    ['the emulator log', emulatorPorts.logging],
  ];
  for (const [name, p] of labelled) {
    if (!(await isPortFree(p)))
      throw new UserFacingError(
        `Port ${p} (for ${name}) is already in use on 127.0.0.1: stop the program using it or choose another port in .env.`,
      );
  }
  return { config, ports, emulatorPorts };
}

/**
 * Opens the configured database, migrates it and seeds an empty catalogue (prepareDatabase), and
 * prints "Database <url>: N migration(s) applied, M product(s) seeded."; returns it open.
 */
export async function openPreparedDatabase(config: AppConfig): Promise<Client> {
  const db = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  const { migrated, seeded } = await prepareDatabase(db);
  console.log(
    `Database ${printableDatabaseUrl(config.databaseUrl)}: ${migrated.length} migration(s) applied, ${seeded} product(s) seeded.`,
  );
  return db;
}

/** process.env plus the PWA's Firebase settings for the emulator, unless set: VITE_FIREBASE_PROJECT_ID and VITE_FIREBASE_AUTH_EMULATOR_HOST. */
export function pwaEnv(config: AppConfig): NodeJS.ProcessEnv {
  return {
    ...process.env,
    VITE_FIREBASE_PROJECT_ID: process.env.VITE_FIREBASE_PROJECT_ID ?? config.firebaseProjectId,
    VITE_FIREBASE_AUTH_EMULATOR_HOST: process.env.VITE_FIREBASE_AUTH_EMULATOR_HOST ?? config.authEmulatorHost,
  };
}

/**
 * Starts the Auth emulator under `supervisor`, its accounts kept in AUTH_EMULATOR_DATA_DIR
 * (default `data/auth-emulator`; its config file goes in the parent folder), creates the admin
 * account in it unless it exists, with its e-mail verified, and marks the admin in `db`.
 * @returns the admin's password.
 * @throws UserFacingError when the emulator does not start.
 */
export async function startEmulatorWithAdmin(
  supervisor: Supervisor,
  config: AppConfig,
  ports: EmulatorPorts,
  db: Client,
): Promise<string> {
  const importDir = process.env.AUTH_EMULATOR_DATA_DIR || 'data/auth-emulator';
  const dir = dirname(importDir);
  mkdirSync(dir, { recursive: true });
  supervisor.add(
    await startAuthEmulator({ projectId: config.firebaseProjectId, ports, dir, importDir }).catch(() => {
      throw new UserFacingError(
        'The Firebase Auth emulator did not start (run "npx firebase emulators:start --only auth" to see why).',
      );
    }),
  );
  const adminPassword = process.env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD;
  const host = `127.0.0.1:${ports.auth}`;
  await ensureEmulatorAccount(host, { email: ADMIN_EMAIL, password: adminPassword, displayName: ADMIN_NAME });
  // Admin rights need a verified e-mail (DESIGN.md §3); the profile is bound to this account.
  const uid = await verifyEmulatorEmail(host, ADMIN_EMAIL, config.firebaseProjectId);
  await upsertAdminUser(db, ADMIN_EMAIL, ADMIN_NAME, uid);
  return adminPassword;
}

/** Prints the banner: the shop's `url`, any `notes` lines, the admin's sign-in and how to stop. */
export function printRunning(url: string, adminPassword: string, notes: string[] = []): void {
  console.log(`\nTaza Haat is running: ${url}`);
  for (const note of notes) console.log(note);
  console.log(
    `Admin sign-in: ${ADMIN_EMAIL} / ${adminPassword}${process.env.ADMIN_PASSWORD ? '' : ' (set ADMIN_PASSWORD to change it)'}`,
  );
  console.log('Press Ctrl-C to stop.\n');
}

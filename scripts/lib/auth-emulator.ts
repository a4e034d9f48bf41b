/**
 * The Firebase Auth emulator (firebase-tools) for local runs and tests, project `demo-*` only,
 * bound to 127.0.0.1, plus account set-up through the emulator's Identity Toolkit REST API.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PROJECT_ID } from '../../edge-api/src/contract/local-run';
import { startChild, type Child } from './child';
import { waitForHttp } from './ports';

export type EmulatorPorts = { auth: number; hub: number; logging: number };

/**
 * Writes a firebase.json for `ports` into `dir` and starts `firebase emulators:start --only auth`.
 * `importDir`, when given, is loaded at start and written back on a clean exit (accounts persist).
 * Resolves once the emulator answers; its output is kept quiet unless `verbose`. If it does not
 * answer within 90 s, it is stopped and the promise rejects.
 */
export async function startAuthEmulator(opts: {
  projectId: string;
  ports: EmulatorPorts;
  dir: string;
  importDir?: string | undefined;
  verbose?: boolean;
}): Promise<Child> {
  const configPath = join(opts.dir, 'firebase.emulator.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: opts.ports.auth },
        hub: { host: '127.0.0.1', port: opts.ports.hub },
        logging: { host: '127.0.0.1', port: opts.ports.logging },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = ['emulators:start', '--only', 'auth', '--project', opts.projectId, '--config', configPath];
  if (opts.importDir) args.push('--import', opts.importDir, '--export-on-exit', opts.importDir);
  const child = startChild('auth emulator', join('node_modules', '.bin', 'firebase'), args, {
    stdio: opts.verbose ? 'inherit' : ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      // Keep the CLI off the network: no update check, and its message-of-the-day fetch is sent
      // to loopback, where it fails quietly (the demo project needs nothing from the cloud).
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_REALTIME_URL: 'http://localhost:9',
    },
  });
  try {
    await waitForHttp(`http://127.0.0.1:${opts.ports.auth}/`, child.alive, 90_000);
  } catch (error) {
    await child.stop(); // not left running when it never answered
    throw error;
  }
  return child;
}

const identityToolkit = (host: string, method: string) =>
  `http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`;

/** The emulator's admin (owner) REST path for `method` on `projectId`'s accounts. */
const ownerApi = (host: string, projectId: string, method: string) =>
  `http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:${method}`;

/** Calls `method` with the emulator's owner credentials (`Authorization: Bearer owner`). @throws Error on a non-2xx answer. */
async function asOwner<T>(host: string, projectId: string, method: string, body: unknown): Promise<T> {
  const res = await fetch(ownerApi(host, projectId, method), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`the Auth emulator refused accounts:${method}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Marks the emulator account of `email` as having a verified e-mail, as the provider's link
 * would (admin rights need one: DESIGN.md §3). Identity Toolkit accounts:lookup and
 * accounts:update with the emulator's owner credentials.
 * @returns the account's uid.
 * @throws Error when there is no such account or the emulator refuses.
 */
export async function verifyEmulatorEmail(host: string, email: string, projectId = DEMO_PROJECT_ID): Promise<string> {
  const found = await asOwner<{ users?: Array<{ localId: string }> }>(host, projectId, 'lookup', { email: [email] });
  const uid = found.users?.[0]?.localId;
  if (!uid) throw new Error(`the Auth emulator has no account for ${email}`);
  await asOwner(host, projectId, 'update', { localId: uid, emailVerified: true });
  return uid;
}

/**
 * Creates an e-mail/password account in the emulator at `host` (host:port) unless the e-mail
 * exists, and sets its display name. Firebase Auth REST API: accounts:signUp / accounts:update.
 * With `emailVerified`, the account's e-mail is marked verified too (new or existing):
 * {@link verifyEmulatorEmail}.
 * @returns 'created' or 'existing'.
 * @throws Error with the emulator's message on any other failure.
 */
export async function ensureEmulatorAccount(
  host: string,
  account: { email: string; password: string; displayName: string; emailVerified?: boolean },
  projectId = DEMO_PROJECT_ID,
): Promise<'created' | 'existing'> {
  const created = await createEmulatorAccount(host, account);
  if (account.emailVerified) await verifyEmulatorEmail(host, account.email, projectId);
  return created;
}

async function createEmulatorAccount(
  host: string,
  account: { email: string; password: string; displayName: string },
): Promise<'created' | 'existing'> {
  const signUp = await fetch(identityToolkit(host, 'signUp'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  });
  const body = (await signUp.json()) as { idToken?: string; error?: { message?: string } };
  if (!signUp.ok) {
    if (body.error?.message === 'EMAIL_EXISTS') return 'existing';
    throw new Error(`the Auth emulator refused ${account.email}: ${body.error?.message ?? signUp.status}`);
  }
  await fetch(identityToolkit(host, 'update'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: body.idToken, displayName: account.displayName }),
  });
  return 'created';
}

/** A fresh ID token for `account` from the emulator at `host` (Identity Toolkit accounts:signInWithPassword). */
export async function emulatorIdToken(host: string, account: { email: string; password: string }): Promise<string> {
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
    },
  );
  if (!res.ok) throw new Error(`emulator sign-in for ${account.email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

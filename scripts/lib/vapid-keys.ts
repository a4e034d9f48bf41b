/**
 * The local run's VAPID key pair (DESIGN.md §11): when VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are
 * not set, `npm start` and `npm run dev` use the pair kept in data/vapid.json, made once with
 * web-push's generateVAPIDKeys (data/ is git-ignored; the file is readable by its owner only).
 * Keeping the pair keeps the browsers' subscriptions valid across restarts: a subscription is
 * bound to the public key it was made with.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import webpush from 'web-push';
import { UserFacingError } from './cli';

const VAPID_FILE = 'data/vapid.json';

/**
 * Sets process.env's VAPID keys from `file` (making it first when missing) unless both are set
 * already. @throws UserFacingError when the file cannot be read as a key pair.
 */
export function ensureVapidKeys(file: string = VAPID_FILE): void {
  if (process.env.VAPID_PUBLIC_KEY && process.env.VAPID_PRIVATE_KEY) return;
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(webpush.generateVAPIDKeys(), null, 2)}\n`, { mode: 0o600 });
    console.log(`Made a VAPID key pair for notifications in ${file}.`);
  }
  let keys: { publicKey?: unknown; privateKey?: unknown };
  try {
    keys = JSON.parse(readFileSync(file, 'utf8')) as typeof keys;
  } catch {
    throw new UserFacingError(`${file} is not a VAPID key pair: delete it to make a new one.`);
  }
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string')
    throw new UserFacingError(`${file} is not a VAPID key pair: delete it to make a new one.`);
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
}

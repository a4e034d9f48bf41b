/**
 * A Vite plugin for the service worker's build: the module `virtual:push-messages` holds the
 * `push.notify.*` messages of en.json and bn.json (lib/push/push-notification.ts), so the service
 * worker shows notifications in both languages from the catalogues without carrying them whole.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { pickPushMessages } from './src/lib/push/push-notification';

const MODULE_ID = 'virtual:push-messages';
const RESOLVED_ID = `\0${MODULE_ID}`;

const catalogue = (locale: 'en' | 'bn') =>
  pickPushMessages(
    JSON.parse(
      readFileSync(fileURLToPath(new URL(`./src/lib/i18n/locales/${locale}.json`, import.meta.url)), 'utf8'),
    ) as Record<string, string>,
  );

export function pushMessages(): Plugin {
  return {
    name: 'taza-haat:push-messages',
    resolveId: (source) => (source === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) =>
      id === RESOLVED_ID
        ? `export default ${JSON.stringify({ en: catalogue('en'), bn: catalogue('bn') })};`
        : undefined,
  };
}

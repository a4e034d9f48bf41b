/**
 * A Vite plugin for the service worker's build: the module `virtual:push-messages` holds the
 * `push.notify.*` messages of the English and Bangla catalogues (lib/push/push-notification.ts), so the service
 * worker shows notifications in both languages from the catalogues without carrying them whole.
 */
import type { Plugin } from 'vite';
import { readMessages } from './i18n-inline';
import { pickPushMessages } from './src/lib/push/push-notification';

const MODULE_ID = 'virtual:push-messages';
const RESOLVED_ID = `\0${MODULE_ID}`;

const catalogue = (locale: 'en' | 'bn') => pickPushMessages(readMessages(locale));

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

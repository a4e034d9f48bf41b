/**
 * The shop's messages as written in its catalogues (pwa/src/lib/i18n/locales), for tests that
 * look for a screen's words: English, and Bangla's two files (the first visit's and the role
 * screens') as one.
 */
import bnRoles from '../../pwa/src/lib/i18n/locales/bn-roles.json';
import bnShell from '../../pwa/src/lib/i18n/locales/bn.json';
import english from '../../pwa/src/lib/i18n/locales/en.json';

export const en = english;
export const bn: Record<keyof typeof en, string> = { ...bnShell, ...bnRoles };

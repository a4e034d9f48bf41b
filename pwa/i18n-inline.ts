/**
 * The build side of the shop's messages (pwa/src/lib/i18n/i18n.ts, DESIGN.md §9), compiled with
 * Lingui's own ICU MessageFormat compiler (@lingui/message-utils), so the browser needs no parser:
 * - each `t('id', values?)` call, in a module that imports `lib/i18n/i18n`, gets its English
 *   message compiled as a third argument. English is shown from the code that asks for it: a
 *   chunk carries just the English it shows, and no English catalogue is ever downloaded.
 * - the Bangla catalogue (`bn.json` in the locales folder) is compiled where it is imported; it
 *   stays a chunk of its own, fetched only when Bangla is chosen.
 * A `t` call whose id is not a string literal, an id missing from the English catalogue, or a
 * message that does not parse fails the build with the module and the id.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import MagicString from 'magic-string';
import { parseSync, Visitor, type Plugin } from 'vite';

/** The catalogues: en.json and bn.json. */
const LOCALES_DIR = fileURLToPath(new URL('./src/lib/i18n/locales', import.meta.url));

/** Where modules import `t` and `useT` from (any relative path to it, `./i18n` beside it). */
const I18N_MODULE = /(?:^|\/)i18n(?:\/i18n)?(?:\.ts)?$/;

type Catalogue = Record<string, string>;

const readCatalogue = (path: string): Catalogue => JSON.parse(readFileSync(path, 'utf8')) as Catalogue;

/** `message` compiled; a message that does not parse throws, naming its id. */
function compile(id: string, message: string): unknown {
  try {
    return compileMessageOrThrow(message);
  } catch (error) {
    throw new Error(`message "${id}" does not parse: ${String(error)}`, { cause: error });
  }
}

/** The catalogue with every message compiled (Lingui's runtime form). */
export const compileCatalogue = (catalogue: Catalogue): Record<string, unknown> =>
  Object.fromEntries(Object.entries(catalogue).map(([id, message]) => [id, compile(id, message)]));

/**
 * `code` (module `file`) with the compiled English message added to each `t` call, or null when
 * the module does not import lib/i18n/i18n. Throws for a call whose id is not a literal or not
 * in `english`.
 */
export function inlineEnglish(
  code: string,
  file: string,
  english: Catalogue,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const { program, errors } = parseSync(file, code);
  if (errors.length) return null; // Vite's own transform reports the syntax error.
  let imports = false;
  const calls: { idEnd: number; lastArgEnd: number; args: number; id: unknown }[] = [];
  new Visitor({
    ImportDeclaration(node) {
      if (I18N_MODULE.test(node.source.value)) imports = true;
    },
    CallExpression(node) {
      if (node.callee.type !== 'Identifier' || node.callee.name !== 't') return;
      const [id, ...rest] = node.arguments;
      if (!id) return;
      calls.push({
        idEnd: id.end,
        lastArgEnd: (rest[rest.length - 1] ?? id).end,
        args: node.arguments.length,
        id: id.type === 'Literal' ? id.value : undefined,
      });
    },
  }).visit(program);
  if (!imports || calls.length === 0) return null;
  const out = new MagicString(code);
  for (const call of calls) {
    if (typeof call.id !== 'string')
      throw new Error(`${file}: t() takes a message id as a string literal (the build adds its English)`);
    const message = english[call.id];
    if (message === undefined) throw new Error(`${file}: no English message "${call.id}" in the catalogue`);
    if (call.args > 2) throw new Error(`${file}: t("${call.id}") takes an id and its values only`);
    const compiled = JSON.stringify(compile(call.id, message));
    out.appendLeft(call.lastArgEnd, call.args === 1 ? `, undefined, ${compiled}` : `, ${compiled}`);
  }
  return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: file }) };
}

/** The Vite plugin: English into the `t` calls, the Bangla catalogue compiled. */
export function i18nInline(): Plugin {
  const englishPath = join(LOCALES_DIR, 'en.json');
  const banglaPath = join(LOCALES_DIR, 'bn.json');
  return {
    name: 'taza-haat:i18n-inline',
    // Before Vite's JSON plugin and the React transform: the catalogue is still JSON, the module still its source.
    enforce: 'pre',
    transform: {
      filter: { id: /\.(?:tsx?|json)$/ },
      handler(code, id) {
        // JSON still (Vite's JSON plugin makes the module), so no source map to keep.
        if (id === banglaPath)
          return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Catalogue)), map: { mappings: '' } };
        if (id.endsWith('.json') || id.includes('/node_modules/') || !code.includes('i18n')) return null;
        // The English catalogue is read at each module, so a changed message reaches the dev server's next reload.
        this.addWatchFile(englishPath);
        return inlineEnglish(code, id, readCatalogue(englishPath));
      },
    },
  };
}

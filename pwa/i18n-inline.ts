/**
 * The build side of the shop's messages (pwa/src/lib/i18n/i18n.ts, DESIGN.md §9), compiled with
 * Lingui's own ICU MessageFormat compiler (@lingui/message-utils), so the browser needs no parser:
 * - each `t('id', values?)` call, in a module that imports `lib/i18n/i18n`, gets its English
 *   message compiled as a third argument. English is shown from the code that asks for it: a
 *   chunk carries just the English it shows, and no English catalogue is ever downloaded.
 * - the Bangla catalogues (`bn.json` and `bn-roles.json` in the locales folder) are compiled
 *   where they are imported; each stays a chunk of its own, fetched only when Bangla is chosen.
 *   bn.json holds the messages of every screen a first visit's phone keeps, bn-roles.json those
 *   only the role screens show (vite.config.ts roleScreens), which is cached with their code: the
 *   build fails, naming the message and where it belongs, when one is in the wrong file.
 * A `t` call whose id is not a string literal, an id missing from the English catalogue, or a
 * message that does not parse fails the build with the module and the id.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import MagicString from 'magic-string';
import { parseSync, Visitor, type Plugin } from 'vite';

/** The catalogues: en.json, and Bangla's bn.json and bn-roles.json. */
const LOCALES_DIR = fileURLToPath(new URL('./src/lib/i18n/locales', import.meta.url));
/** The Bangla catalogues' files: the first visit's (bn.json) and the role screens' (bn-roles.json). */
const BANGLA_FILES = ['bn.json', 'bn-roles.json'] as const;

/** Where modules import `t` and `useT` from (any relative path to it, `./i18n` beside it). */
const I18N_MODULE = /(?:^|\/)i18n(?:\/i18n)?(?:\.ts)?$/;

type Catalogue = Record<string, string>;

const readCatalogue = (path: string): Catalogue => JSON.parse(readFileSync(path, 'utf8')) as Catalogue;

/** Every message of `locale`, as written (not compiled): Bangla's two files as one. */
export const readMessages = (locale: 'en' | 'bn'): Catalogue =>
  locale === 'en'
    ? readCatalogue(join(LOCALES_DIR, 'en.json'))
    : Object.assign({}, ...BANGLA_FILES.map((file) => readCatalogue(join(LOCALES_DIR, file))));

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
 * `code` (module `file`) with the compiled English message added to each `t` call, and the ids
 * of those calls; null when the module does not import lib/i18n/i18n. Throws for a call whose id
 * is not a literal or not in `english`.
 */
export function inlineEnglish(
  code: string,
  file: string,
  english: Catalogue,
): { code: string; map: ReturnType<MagicString['generateMap']>; ids: string[] } | null {
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
  return {
    code: out.toString(),
    map: out.generateMap({ hires: 'boundary', source: file }),
    ids: calls.map((call) => call.id as string),
  };
}

/** A chunk of the build (the fields the check reads). */
type BuiltChunk = { type: 'chunk'; fileName: string; moduleIds: readonly string[] } | { type: 'asset' };

/**
 * The messages in the wrong Bangla catalogue: `shown` maps each module to the message ids its
 * `t` calls show; a module in a chunk of `roleOnly` (a role screen's own code, cached with the
 * role's: pwa/shopper-precache.ts) may show messages of either file, any other only bn.json's;
 * and a message of bn.json that only role screens show belongs in bn-roles.json (a first visit
 * should not download it). Messages no module shows are catalogues.test.ts's concern.
 * @returns one sentence per misplaced message, naming it and where it belongs; [] when none is.
 */
export function misplacedMessages(
  chunks: readonly BuiltChunk[],
  shown: ReadonlyMap<string, readonly string[]>,
  roleOnly: ReadonlySet<string>,
  catalogues: { shell: Catalogue; roles: Catalogue },
): string[] {
  const outside = new Map<string, string>();
  const inRoles = new Set<string>();
  for (const chunk of chunks) {
    if (chunk.type !== 'chunk') continue;
    for (const module of chunk.moduleIds)
      for (const id of shown.get(module) ?? []) {
        if (roleOnly.has(chunk.fileName)) inRoles.add(id);
        else if (!outside.has(id)) outside.set(id, module);
      }
  }
  return [
    ...[...outside]
      .filter(([id]) => id in catalogues.roles)
      .map(([id, module]) => `"${id}" is shown by ${module}, outside the role screens: move it to bn.json`),
    ...[...inRoles]
      .filter((id) => id in catalogues.shell && !outside.has(id))
      .map((id) => `"${id}" is shown by role screens only: move it to bn-roles.json`),
  ];
}

/**
 * The Vite plugin: English into the `t` calls, the Bangla catalogues compiled. Given
 * `roleOnlyFiles` (the role screens' own files once the bundle is made: shopperPrecache's), a
 * build with a message in the wrong Bangla catalogue fails (misplacedMessages).
 */
export function i18nInline({ roleOnlyFiles }: { roleOnlyFiles?: () => ReadonlySet<string> } = {}): Plugin {
  const englishPath = join(LOCALES_DIR, 'en.json');
  const banglaPaths = BANGLA_FILES.map((file) => join(LOCALES_DIR, file));
  const shown = new Map<string, readonly string[]>();
  return {
    name: 'taza-haat:i18n-inline',
    // Before Vite's JSON plugin and the React transform: the catalogue is still JSON, the module still its source.
    enforce: 'pre',
    transform: {
      filter: { id: /\.(?:tsx?|json)$/ },
      handler(code, id) {
        // JSON still (Vite's JSON plugin makes the module), so no source map to keep.
        if (banglaPaths.includes(id))
          return { code: JSON.stringify(compileCatalogue(JSON.parse(code) as Catalogue)), map: { mappings: '' } };
        if (id.endsWith('.json') || id.includes('/node_modules/') || !code.includes('i18n')) return null;
        // The English catalogue is read at each module, so a changed message reaches the dev server's next reload.
        this.addWatchFile(englishPath);
        const inlined = inlineEnglish(code, id, readCatalogue(englishPath));
        if (!inlined) return null;
        shown.set(id, inlined.ids);
        return { code: inlined.code, map: inlined.map };
      },
    },
    // After shopperPrecache has read the bundle's chunk graph.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (!roleOnlyFiles) return;
        const [shell, roles] = banglaPaths.map(readCatalogue) as [Catalogue, Catalogue];
        const misplaced = misplacedMessages(Object.values(bundle) as BuiltChunk[], shown, roleOnlyFiles(), {
          shell,
          roles,
        });
        if (misplaced.length) this.error(`Bangla messages in the wrong catalogue:\n${misplaced.join('\n')}`);
      },
    },
  };
}

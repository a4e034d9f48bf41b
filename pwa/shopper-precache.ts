/**
 * What a shopper's phone precaches (DESIGN.md §5, Data): the app's entry and everything a
 * shopper's pages reach offline, never the code only a role (admin, packer, rider) opens or only
 * a connection makes useful (signing in). A Vite plugin reads the build's chunk graph: from each
 * entry chunk it follows static imports and those dynamic imports whose module is not named on
 * demand; every JS or CSS file it does not reach is on demand. The service worker's precache
 * manifest (vite-plugin-pwa's `manifestTransforms`) leaves those out; pwa/src/sw.ts caches them
 * at runtime when first used, and a role's code all at once when that role first opens its
 * screens, so every screen of the role opens offline afterwards, not only those seen.
 */
import type { ManifestTransform } from 'workbox-build';
import type { Plugin } from 'vite';

/** A chunk as the build's bundle describes it (the fields this plugin reads). */
type ChunkInfo = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type OutputFile = ChunkInfo | { type: 'asset'; fileName: string };

/**
 * Every chunk and CSS file reached from `starts`, following static imports and the dynamic
 * imports `follow` allows, never into a file of `beyond`.
 */
function reach(
  bundle: Record<string, OutputFile>,
  starts: readonly string[],
  follow: (target: ChunkInfo) => boolean,
  beyond: ReadonlySet<string> = new Set(),
): Set<string> {
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || reached.has(fileName) || beyond.has(fileName)) return;
    reached.add(fileName);
    chunk.viteMetadata?.importedCss.forEach((css) => beyond.has(css) || reached.add(css));
    chunk.imports.forEach(visit);
    for (const target of chunk.dynamicImports) {
      const module = bundle[target];
      if (module?.type === 'chunk' && follow(module)) visit(target);
    }
  };
  starts.forEach(visit);
  return reached;
}

const chunks = (bundle: Record<string, OutputFile>): ChunkInfo[] =>
  Object.values(bundle).filter((file): file is ChunkInfo => file.type === 'chunk');
const jsOrCss = (fileName: string) => /\.(js|css)$/.test(fileName);

/** A module id matcher: true for the modules a group of lazy screens starts from. */
type Matcher = (moduleId: string) => boolean;

/** The JS and CSS files a shopper's pages reach offline: from the entries, not crossing into `isOnDemand`'s modules. */
function shellFiles(bundle: Record<string, OutputFile>, isOnDemand: Matcher): Set<string> {
  return reach(
    bundle,
    chunks(bundle)
      .filter((chunk) => chunk.isEntry)
      .map((chunk) => chunk.fileName),
    (target) => !(target.facadeModuleId && isOnDemand(target.facadeModuleId)),
  );
}

/**
 * The JS and CSS files of `bundle` (file name → output) that a shopper's pages do not reach
 * offline: not reachable from an entry chunk without crossing a dynamic import of a module that
 * `isOnDemand(moduleId)` names. Returned as file names, as the bundle names them.
 */
export function onDemandFiles(bundle: Record<string, OutputFile>, isOnDemand: Matcher): string[] {
  const shell = shellFiles(bundle, isOnDemand);
  return Object.keys(bundle).filter((fileName) => jsOrCss(fileName) && !shell.has(fileName));
}

/**
 * The files each role's screens reach beyond the shopper's shell: from every chunk whose module
 * `roles[role]` names, what it imports, lazily too, but not into the shell (`isOnDemand` makes it,
 * as for onDemandFiles) nor into another group's lazy screens (`isOnDemand`'s modules the role
 * does not name, e.g. signing in). A file two roles reach is in both.
 */
export function roleFiles(
  bundle: Record<string, OutputFile>,
  isOnDemand: Matcher,
  roles: Record<string, RegExp>,
): Record<string, string[]> {
  const shell = shellFiles(bundle, isOnDemand);
  return Object.fromEntries(
    Object.entries(roles).map(([role, screens]) => {
      const own = (id: string | null) => id !== null && screens.test(id);
      const starts = chunks(bundle).filter((chunk) => own(chunk.facadeModuleId));
      const reached = reach(
        bundle,
        starts.map((chunk) => chunk.fileName),
        (target) => own(target.facadeModuleId) || !(target.facadeModuleId && isOnDemand(target.facadeModuleId)),
        shell,
      );
      return [role, [...reached].filter(jsOrCss)];
    }),
  );
}

/**
 * The plugin (add it to the app's build) and the manifest transform that shapes the precache
 * (give it to vite-plugin-pwa's `injectManifest.manifestTransforms`; it runs after the app's
 * bundle is written). `onDemandEntries` matches the module paths of the pages and lazy parts
 * cached on first use instead; `roles` (role → its screens' module paths, on demand too) names
 * the code the service worker fetches at once for a role when that role first opens its screens
 * (pwa/src/sw.ts, ROLE_CODE_MESSAGE): its entries stay in the manifest, marked with `roles`.
 * `roleOnlyFiles()` names those files once the bundle is made (for the i18n plugin's check).
 */
export function shopperPrecache(
  onDemandEntries: RegExp,
  roles: Record<string, RegExp>,
): { plugin: Plugin; transform: ManifestTransform; roleOnlyFiles: () => ReadonlySet<string> } {
  let onDemand = new Set<string>();
  let byRole = new Map<string, string[]>();
  return {
    plugin: {
      name: 'taza-haat:shopper-precache',
      apply: 'build',
      generateBundle(_options, bundle) {
        const files = bundle as Record<string, OutputFile>;
        const isOnDemand = (id: string) => onDemandEntries.test(id) || Object.values(roles).some((r) => r.test(id));
        onDemand = new Set(onDemandFiles(files, isOnDemand));
        byRole = new Map();
        for (const [role, fileNames] of Object.entries(roleFiles(files, isOnDemand, roles)))
          for (const fileName of fileNames) byRole.set(fileName, [...(byRole.get(fileName) ?? []), role]);
      },
    },
    transform: (entries) => ({
      manifest: entries.flatMap((entry) => {
        const fileName = entry.url.replace(/^\//, '');
        if (!onDemand.has(fileName)) return [entry];
        const entryRoles = byRole.get(fileName);
        return entryRoles ? [{ ...entry, roles: entryRoles }] : [];
      }),
      warnings: [],
    }),
    roleOnlyFiles: () => new Set(byRole.keys()),
  };
}

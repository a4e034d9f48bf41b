/**
 * What a shopper's phone precaches (DESIGN.md §5, Data): the app's entry and everything a
 * shopper's pages reach, never the code only a role (admin, packer, rider) opens. A Vite plugin
 * reads the build's chunk graph: from each entry chunk it follows static imports and those
 * dynamic imports whose module is not a role's entry; every JS or CSS file it does not reach is
 * role-only. The service worker's precache manifest (vite-plugin-pwa's `manifestTransforms`)
 * leaves those out; pwa/src/sw.ts caches them at runtime when a role first opens them.
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
 * The JS and CSS files of `bundle` (file name → output) that no shopper's page reaches: not
 * reachable from an entry chunk without crossing a dynamic import of a module that
 * `isRoleEntry(moduleId)` names. Returned as file names, as the bundle names them.
 */
export function roleOnlyFiles(
  bundle: Record<string, OutputFile>,
  isRoleEntry: (moduleId: string) => boolean,
): string[] {
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || reached.has(fileName)) return;
    reached.add(fileName);
    chunk.viteMetadata?.importedCss.forEach((css) => reached.add(css));
    chunk.imports.forEach(visit);
    for (const target of chunk.dynamicImports) {
      const module = bundle[target];
      if (module?.type === 'chunk' && module.facadeModuleId && isRoleEntry(module.facadeModuleId)) continue;
      visit(target);
    }
  };
  Object.values(bundle).forEach((file) => file.type === 'chunk' && file.isEntry && visit(file.fileName));
  return Object.keys(bundle).filter((fileName) => /\.(js|css)$/.test(fileName) && !reached.has(fileName));
}

/**
 * The plugin (add it to the app's build) and the manifest transform that drops role-only files
 * from the precache (give it to vite-plugin-pwa's `injectManifest.manifestTransforms`; it runs
 * after the app's bundle is written). `roleEntries` matches the module paths of the pages and
 * lazy parts only a role opens.
 */
export function shopperPrecache(roleEntries: RegExp): { plugin: Plugin; transform: ManifestTransform } {
  let roleOnly = new Set<string>();
  return {
    plugin: {
      name: 'taza-haat:shopper-precache',
      apply: 'build',
      generateBundle(_options, bundle) {
        roleOnly = new Set(roleOnlyFiles(bundle as Record<string, OutputFile>, (id) => roleEntries.test(id)));
      },
    },
    transform: (entries) => ({
      manifest: entries.filter((entry) => !roleOnly.has(entry.url.replace(/^\//, ''))),
      warnings: [],
    }),
  };
}

/**
 * What a shopper's phone precaches (DESIGN.md §5, Data): the app's entry and everything a
 * shopper's pages reach offline, never the code only a role (admin, packer, rider) opens or only
 * a connection makes useful (signing in). A Vite plugin reads the build's chunk graph: from each
 * entry chunk it follows static imports and those dynamic imports whose module is not named on
 * demand; every JS or CSS file it does not reach is on demand. The service worker's precache
 * manifest (vite-plugin-pwa's `manifestTransforms`) leaves those out; pwa/src/sw.ts caches them
 * at runtime when first used.
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
 * The JS and CSS files of `bundle` (file name → output) that a shopper's pages do not reach
 * offline: not reachable from an entry chunk without crossing a dynamic import of a module that
 * `isOnDemand(moduleId)` names. Returned as file names, as the bundle names them.
 */
export function onDemandFiles(bundle: Record<string, OutputFile>, isOnDemand: (moduleId: string) => boolean): string[] {
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || reached.has(fileName)) return;
    reached.add(fileName);
    chunk.viteMetadata?.importedCss.forEach((css) => reached.add(css));
    chunk.imports.forEach(visit);
    for (const target of chunk.dynamicImports) {
      const module = bundle[target];
      if (module?.type === 'chunk' && module.facadeModuleId && isOnDemand(module.facadeModuleId)) continue;
      visit(target);
    }
  };
  Object.values(bundle).forEach((file) => file.type === 'chunk' && file.isEntry && visit(file.fileName));
  return Object.keys(bundle).filter((fileName) => /\.(js|css)$/.test(fileName) && !reached.has(fileName));
}

/**
 * The plugin (add it to the app's build) and the manifest transform that drops on-demand files
 * from the precache (give it to vite-plugin-pwa's `injectManifest.manifestTransforms`; it runs
 * after the app's bundle is written). `onDemandEntries` matches the module paths of the pages and
 * lazy parts cached on first use instead.
 */
export function shopperPrecache(onDemandEntries: RegExp): { plugin: Plugin; transform: ManifestTransform } {
  let onDemand = new Set<string>();
  return {
    plugin: {
      name: 'taza-haat:shopper-precache',
      apply: 'build',
      generateBundle(_options, bundle) {
        onDemand = new Set(onDemandFiles(bundle as Record<string, OutputFile>, (id) => onDemandEntries.test(id)));
      },
    },
    transform: (entries) => ({
      manifest: entries.filter((entry) => !onDemand.has(entry.url.replace(/^\//, ''))),
      warnings: [],
    }),
  };
}

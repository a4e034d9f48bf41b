/**
 * A Vite plugin that lets the landing pages fetch their route chunk in parallel with the app:
 * routes are lazy chunks, which the browser would otherwise only discover after the main
 * bundle has downloaded and run — one more round trip before the first paint on a slow phone
 * (bench/README.md, Lighthouse). It adds to index.html a tiny inline script that, for the
 * current path, inserts `<link rel="modulepreload">` for that route's chunk and its imports.
 */
import type { Plugin } from 'vite';

/** Paths (lower case, as the router matches them) → the route module that renders them. */
export type RoutePreloads = Record<string, string>;

export function routePreload(routes: RoutePreloads): Plugin {
  return {
    name: 'taza-haat:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const files = (moduleSuffix: string): string[] => {
          const entry = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(moduleSuffix));
          if (!entry) throw new Error(`route-preload: no chunk for ${moduleSuffix}`);
          const seen = new Set<string>();
          const visit = (fileName: string) => {
            if (seen.has(fileName)) return;
            seen.add(fileName);
            chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
          };
          visit(entry.fileName);
          return [...seen].map((file) => `/${file}`);
        };
        const map = Object.fromEntries(Object.entries(routes).map(([path, module]) => [path, files(module)]));
        const script = `{const f=${JSON.stringify(map)}[location.pathname.toLowerCase()];if(f)for(const h of f){const l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.append(l)}}`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

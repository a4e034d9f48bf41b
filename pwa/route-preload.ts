/**
 * A Vite plugin that lets the landing pages fetch their route chunk in parallel with the app:
 * routes are lazy chunks, which the browser would otherwise only discover after the main
 * bundle has downloaded and run — one more round trip before the first paint on a slow phone
 * (bench/README.md, Lighthouse). It adds to index.html a tiny inline script that, for the
 * current path, inserts `<link rel="modulepreload">` for that route's chunk and its imports, and
 * `<link rel="preload" as="fetch">` for the JSON the route renders first — only when none of the
 * given localStorage keys is there: a returning shopper's page asks for other URLs (a catalogue
 * delta, requests with a token), and a preload nobody uses wastes a slow phone's bandwidth.
 */
import type { Plugin } from 'vite';

/** Paths (lower case, as the router matches them) → the route module that renders them. */
export type RoutePreloads = Record<string, string>;
/** Paths → the JSON their route fetches first, and the localStorage keys that rule it out. */
export type DataPreloads = Record<string, { url: string; unlessStored: string[] }>;

export function routePreload(routes: RoutePreloads, data: DataPreloads = {}): Plugin {
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
        const script =
          `{const p=location.pathname.toLowerCase(),f=${JSON.stringify(map)}[p],d=${JSON.stringify(data)}[p];` +
          `const add=(r,h)=>{const l=document.createElement('link');l.rel=r;l.href=h;if(r==='preload'){l.as='fetch';l.crossOrigin='anonymous'}document.head.append(l)};` +
          `if(f)for(const h of f)add('modulepreload',h);` +
          `if(d){let s=true;try{s=d.unlessStored.some(k=>localStorage.getItem(k)!==null)}catch(e){}if(!s)add('preload',d.url)}}`;
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head' }] };
      },
    },
  };
}

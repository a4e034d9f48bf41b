/**
 * A Vite plugin that lets the landing pages fetch their route chunk in parallel with the app:
 * routes are lazy chunks, which the browser would otherwise only discover after the main
 * bundle has downloaded and run — one more round trip before the first paint on a slow phone
 * (bench/README.md, Lighthouse). It adds to index.html a tiny inline script that, for the
 * current path, inserts `<link rel="modulepreload">` for that route's chunk and its imports, and
 * `<link rel="preload" as="fetch">` for the JSON the route renders first — only when none of the
 * given localStorage keys is there: a returning shopper's page asks for other URLs (a catalogue
 * delta, requests with a token), and a preload nobody uses wastes a slow phone's bandwidth. Nor
 * when a service worker controls the page: it answers from its copy at once, and that copy may
 * be out of date; the app's own request is then its query's, which the worker's update message
 * (features/offline/worker-messages.ts) can refetch — a preload's answer arrives before any query
 * exists to refetch.
 * When the app will start in a language whose catalogue is a chunk of its own (the stored
 * choice, else the browser's first language, as lib/i18n's pickLocale decides), that chunk is
 * preloaded too: the first screen waits for it.
 *
 * The script is put before the app's module script and stylesheet: an inline script after a
 * stylesheet waits for it to download, and so did the preloads. On a prerendered page (the
 * PRERENDERED_ATTRIBUTE on `<html>`) the content is there before any script, so the script asks
 * for nothing before the first paint (see preloadScript).
 */
import type { Plugin } from 'vite';
import { EARLY_TAPS } from './src/lib/early-taps';

/** The attribute scripts/prerender.ts puts on a prerendered page's `<html>`. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** index.html's module script (the app's entry) as Vite writes it; its `src` is group 1. */
export const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** index.html's stylesheet as Vite writes it; its `href` is group 1. */
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/;

/** Paths (lower case, as the router matches them) → the route module that renders them. */
export type RoutePreloads = Record<string, string>;
/** Paths → the JSON their route fetches first, and the localStorage keys that rule it out. */
export type DataPreloads = Record<string, { url: string; unlessStored: string[] }>;
/**
 * A language whose catalogue is a lazy chunk: its `locale` code, the catalogue's `module`, the
 * localStorage key of the shopper's choice and every `locales` code a stored choice may have.
 */
export type LanguagePreload = { locale: string; module: string; storageKey: string; locales: readonly string[] };

/**
 * The inline script: modulepreloads `routes[path]`, preloads `data[path]` unless one of its keys
 * is stored or a service worker controls the page, and modulepreloads `language.file` when the app will start in `language.locale`. On a
 * prerendered page it does all that once the page has loaded and painted (the load event — the
 * first row's pictures are in — their decoding, the browser's first largest-contentful-paint entry
 * where it has the API, which comes once that paint is on screen, two frames, then a task; at once
 * in a hidden tab, which paints nothing), at low priority, and then adds the app's `stylesheet` and its
 * module script `entry` (scripts/prerender.ts takes the page's own out; its inline CSS styles the
 * markup until then): neither the first paint nor the largest one (a first-row picture) shares the
 * network or the main thread with the app's code and full CSS. Until the app takes over, it
 * records the buttons tapped on such a page, for the app to replay (src/lib/early-taps.ts).
 */
export function preloadScript(
  routes: Record<string, string[]>,
  data: DataPreloads,
  { entry, stylesheet }: { entry: string; stylesheet: string },
  language?: { locale: string; file: string; storageKey: string; locales: readonly string[] },
): string {
  return (
    `{const p=location.pathname.toLowerCase(),f=${JSON.stringify(routes)}[p],d=${JSON.stringify(data)}[p],` +
    `pre=document.documentElement.hasAttribute(${JSON.stringify(PRERENDERED_ATTRIBUTE)});` +
    `if(pre){const t=[],c=e=>{const b=e.target&&e.target.closest&&e.target.closest('button');if(b&&!b.disabled){e.preventDefault();t.push(b)}};` +
    `addEventListener('click',c,true);window[${JSON.stringify(EARLY_TAPS)}]={taps:t,stop:()=>removeEventListener('click',c,true)}}` +
    `const add=(r,h)=>{const l=document.createElement('link');l.rel=r;l.href=h;if(r==='preload'){l.as='fetch';l.crossOrigin='anonymous'}else if(pre)l.fetchPriority='low';document.head.append(l)};` +
    `const go=()=>{` +
    `if(f)for(const h of f)add('modulepreload',h);` +
    `if(d&&!(navigator.serviceWorker&&navigator.serviceWorker.controller)){let s=true;try{s=d.unlessStored.some(k=>localStorage.getItem(k)!==null)}catch(e){}if(!s)add('preload',d.url)}` +
    (language
      ? `{let s=null;try{s=localStorage.getItem(${JSON.stringify(language.storageKey)})}catch(e){}` +
        `const n=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language],L=${JSON.stringify(language.locale)};` +
        `if(s===L||(!${JSON.stringify(language.locales)}.includes(s)&&String(n[0]||'').toLowerCase().startsWith(L)))add('modulepreload',${JSON.stringify(language.file)})}`
      : '') +
    `if(pre){const c=document.createElement('link');c.rel='stylesheet';c.crossOrigin='anonymous';c.href=${JSON.stringify(stylesheet)};document.head.append(c);` +
    `const s=document.createElement('script');s.type='module';s.crossOrigin='anonymous';s.fetchPriority='low';s.src=${JSON.stringify(entry)};document.head.append(s)}};` +
    `const lcp=()=>new Promise(r=>{const P=typeof PerformanceObserver==='function'?PerformanceObserver:null;` +
    `if(!P||!(P.supportedEntryTypes||[]).includes('largest-contentful-paint'))return r();new P((l,o)=>{o.disconnect();r()}).observe({type:'largest-contentful-paint',buffered:true})});` +
    `const later=()=>Promise.all([...document.images].filter(i=>i.loading!=='lazy').map(i=>i.decode().catch(()=>{}))).then(lcp).then(()=>requestAnimationFrame(()=>requestAnimationFrame(()=>setTimeout(go))));` +
    `if(!pre||document.visibilityState==='hidden')go();else if(document.readyState==='complete')later();else addEventListener('load',later,{once:true})}`
  );
}

export function routePreload(routes: RoutePreloads, data: DataPreloads = {}, language?: LanguagePreload): Plugin {
  return {
    name: 'taza-haat:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const chunkOf = (moduleSuffix: string) => {
          const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(moduleSuffix));
          if (!chunk) throw new Error(`route-preload: no chunk for ${moduleSuffix}`);
          return chunk;
        };
        // A chunk and its imports, but not the entry: index.html's module script loads that already.
        const files = (moduleSuffix: string): string[] => {
          const seen = new Set<string>();
          const visit = (fileName: string) => {
            if (seen.has(fileName)) return;
            seen.add(fileName);
            chunks.find((chunk) => chunk.fileName === fileName)?.imports.forEach(visit);
          };
          visit(chunkOf(moduleSuffix).fileName);
          const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
          return [...seen].filter((file) => !entries.has(file)).map((file) => `/${file}`);
        };
        const map = Object.fromEntries(Object.entries(routes).map(([path, module]) => [path, files(module)]));
        const entry = ENTRY_SCRIPT.exec(html)?.[1];
        if (!entry) throw new Error('route-preload: index.html has no module script');
        const stylesheet = STYLESHEET.exec(html)?.[1];
        if (!stylesheet) throw new Error('route-preload: index.html has no stylesheet');
        const script = preloadScript(
          map,
          data,
          { entry, stylesheet },
          language && { ...language, file: `/${chunkOf(language.module).fileName}` },
        );
        const tag = `<script>${script}</script>`;
        // Before the module script (and the stylesheet after it), so nothing holds it back.
        const at = html.search(ENTRY_SCRIPT);
        return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
      },
    },
  };
}

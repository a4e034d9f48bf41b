/**
 * Vite build of the PWA (root pwa/, static files from public/, output dist/) with the service
 * worker built from pwa/src/sw.ts by vite-plugin-pwa (injectManifest), the web app manifest, and
 * precompressed (.br, .gz) copies of the text assets.
 * In dev, /api is proxied to the Node server (`npm run dev`).
 */
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_PORT, DEMO_PROJECT_ID } from './edge-api/src/contract/local-run';
import { manifest } from './pwa/manifest';
import { routePreload } from './pwa/route-preload';
import { securityHeadersPlugin } from './pwa/security-headers';
import { shopperPrecache } from './pwa/shopper-precache';
import { compressServiceWorker } from './pwa/compress-service-worker';
import { contractAlias } from './pwa/contract-alias';
import { i18nInline } from './pwa/i18n-inline';
import { pushMessages } from './pwa/push-messages';
import { paths } from './pwa/src/config/paths';
import { ID_TOKEN_KEY, LOCALE_KEY, mirroredKey } from './pwa/src/lib/storage-keys';
import type { CodeRole } from './pwa/src/features/offline/worker';

/**
 * react-router 7 exports only its development build (remix-run/react-router#12532, #14102):
 * production builds alias its entries to the identical build with the dev warnings off, which
 * otherwise format warning messages on every render.
 */
const reactRouterProduction = (entry: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${entry}`, import.meta.url));

/** The landing pages (paths as the router matches them) and the route module that renders each. */
const landingRoutes = {
  [paths.home]: 'routes/home.tsx',
  [paths.homeAlias]: 'routes/home.tsx',
  [paths.shop]: 'routes/shop.tsx',
};

/**
 * The code a first visit does not precache (DESIGN.md §5, Data): what needs a connection anyway
 * (signing in: its pages and the Firebase SDK; the e-mail link), the contact form (with
 * react-hook-form, 15 KiB: the form on the home page and /contact are kept once seen; offline
 * before that the home page leaves it out and /contact says it needs a connection), and the role
 * screens below.
 * Their code, and whatever only they import, is cached when first used (pwa/src/sw.ts). A module
 * missing here is precached: safe, only heavier. The Bangla catalogue stays precached: a shopper
 * may switch language offline.
 */
const onDemandEntries = new RegExp(
  [
    /app[\\/]routes[\\/](login|register|contact)\.tsx$/,
    /features[\\/]auth[\\/](firebase|auth-errors|email-verification)\.ts$/,
    /features[\\/]contact[\\/]components[\\/]contact-form\.tsx$/,
  ]
    .map((part) => part.source)
    .join('|'),
);

/** `screens`, or the role screens' Bangla (lib/i18n loadRoleMessages), which every role's code includes. */
const withRoleMessages = (screens: RegExp) =>
  new RegExp(`${screens.source}|${/lib[\\/]i18n[\\/]locales[\\/]bn-roles\.json$/.source}`);

/**
 * The screens only a role opens, by role (features/offline/worker.ts CodeRole): never precached
 * on a first visit; the service worker fetches all of a role's code when the role first opens the
 * dashboard (or the run), and a signed-in shopper's (checkout, My Orders, the profile, reviews)
 * once someone is signed in, so each of its screens opens offline afterwards
 * (pwa/shopper-precache.ts, ROLE_CODE_MESSAGE). Nobody signed out can open a shopper's screens,
 * and signing in needs a connection.
 */
const roleScreens = {
  admin: withRoleMessages(
    /app[\\/]routes[\\/]dashboard-(add-admin|add-product|add-rider|areas|manage-orders|manage-products|order-details|pack-order|problems|update-product)\.tsx$|features[\\/]reports[\\/]components[\\/]dawn-board\.tsx$/,
  ),
  rider: withRoleMessages(/app[\\/]routes[\\/]rider\.tsx$/),
  shopper: withRoleMessages(/app[\\/]routes[\\/](checkout|profile|dashboard-(layout|home|my-orders|add-review))\.tsx$/),
} satisfies Record<CodeRole, RegExp>;

/**
 * The built chunks of role screens that load their imports as they need them (build.modulePreload
 * below): naming admins and riders, the delivery areas, the problems queue, adding and editing products,
 * and the rider's run. The order screens keep
 * their preloads: without them, opening an order's details from Manage Orders never finished.
 */
const roleScreen =
  /assets\/(dashboard-(add-admin|add-rider|areas|problems|add-product|manage-products|update-product)|rider)-[\w-]+\.js$/;

export default defineConfig(({ mode }) => {
  const precache = shopperPrecache(onDemandEntries, roleScreens);
  // .env and the environment, as the app's import.meta.env sees them.
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  return {
    root: 'pwa',
    publicDir: '../public',
    envDir: '..',
    // VITE_* as usual, plus the flash-sale window of DESIGN.md §2 (FLASH_SALE_START/END).
    envPrefix: ['VITE_', 'FLASH_SALE_'],
    plugins: [
      // English compiled into each t() call, the Bangla catalogue compiled into its own chunk (DESIGN.md §9).
      i18nInline({ roleOnlyFiles: precache.roleOnlyFiles }),
      precache.plugin,
      react(),
      tailwindcss(),
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        // Registered by pwa/src/features/offline (workbox-window), which owns the update prompt.
        injectRegister: false,
        injectManifest: {
          // The app shell: index.html, the code and CSS of every page a shopper may open offline,
          // and the logo. Product pictures are cached as they are seen (pwa/src/sw.ts); the manifest's
          // PNG icons are the browser's to fetch when it installs the app.
          globPatterns: ['**/*.{js,css,html,svg}'],
          // Not needed offline: the manifest's screenshots, and Stripe's loader (card payment is
          // online-only by nature).
          globIgnores: ['screenshots/**', '**/stripe*.js'],
          // Code on demand waits for its first use (onDemandEntries, pwa/shopper-precache.ts).
          manifestTransforms: [precache.transform],
          // The notification texts of both catalogues, for the push handler (pwa/push-messages.ts).
          buildPlugins: { vite: [pushMessages()] },
        },
        manifest,
        includeManifestIcons: false,
      }),
      // The landing pages' route chunks start downloading with the app, not after it; on a first
      // visit their catalogue JSON too (the shop's first product picture is its LCP; the home page
      // asks for it as it first renders, and without the preload it comes last, just before the
      // first paint), and in Bangla its catalogue, which the first screen waits for.
      routePreload(
        landingRoutes,
        Object.fromEntries(
          Object.keys(landingRoutes).map((path) => [
            path,
            { url: '/api/products', unlessStored: [mirroredKey('products'), ID_TOKEN_KEY] },
          ]),
        ),
        { locale: 'bn', module: 'lib/i18n/locales/bn.json', storageKey: LOCALE_KEY, locales: ['en', 'bn'] },
      ),
      // Brotli and gzip copies of every text asset, served by the Node entry (edge-api/src/http/static-site.ts)
      // to browsers that accept them; Cloudflare compresses on its own.
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|mjs|css|html|svg|webmanifest|json)$/,
        threshold: 1024,
      }),
      compressServiceWorker(),
      // dist/_headers: the CSP (with the inline preload script's hash) and the other security headers.
      securityHeadersPlugin({
        authEmulatorHost: env.VITE_FIREBASE_AUTH_EMULATOR_HOST,
        authDomain:
          env.VITE_FIREBASE_AUTH_DOMAIN || `${env.VITE_FIREBASE_PROJECT_ID || DEMO_PROJECT_ID}.firebaseapp.com`,
      }),
    ],
    resolve: {
      alias: [
        contractAlias,
        // zod without eval under the page's CSP (pwa/src/lib/zod-without-eval.ts).
        { find: /^zod$/, replacement: fileURLToPath(new URL('./pwa/src/lib/zod-without-eval.ts', import.meta.url)) },
        ...(mode === 'production'
          ? [
              { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
              { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
            ]
          : []),
      ],
    },
    build: {
      outDir: '../dist',
      emptyOutDir: true,
      // Written for error reporting, never served (public/.assetsignore, http/static-site.ts), so
      // the bundles do not name them.
      sourcemap: 'hidden',
      // Some role screens (roleScreen) load their imports as they need them instead of preloading
      // them alongside: their lists of chunks would otherwise be written into the shop's first-load
      // entry, which every shopper downloads (bench figure 1's budget).
      modulePreload: {
        resolveDependencies: (filename, deps, { hostType }) =>
          hostType === 'js' && roleScreen.test(filename) ? [] : deps,
      },
      // Few requests before the first screen (bench figure 2: over HTTP/1.1 a slow phone has six
      // connections, and each chunk costs a round trip): everything the entry imports is one chunk
      // (rolldown's default splits it in ten), and what both landing pages' routes share (the product
      // grid and card, the stepper, the catalogue query) another; routes stay chunks of their own.
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'app', tags: ['$initial'] },
              {
                name: 'app',
                test: /pwa[\\/]src[\\/]features[\\/](catalogue[\\/](api[\\/]get-products|components[\\/]product-grid)|cart[\\/]components[\\/](quantity-stepper|add-to-cart-button))/,
              },
            ],
          },
        },
      },
    },
    server: {
      host: '127.0.0.1',
      proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? DEFAULT_PORT}` },
    },
  };
});

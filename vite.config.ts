/**
 * Vite build of the PWA (root pwa/, static files from public/, output dist/) with the service
 * worker built from pwa/src/sw.ts by vite-plugin-pwa (injectManifest) and the web app manifest.
 * In dev, /api is proxied to the Node server (`npm run dev`).
 */
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './pwa/manifest';

export default defineConfig({
  root: 'pwa',
  publicDir: '../public',
  envDir: '..',
  // VITE_* as usual, plus the flash-sale window of DESIGN.md §2 (FLASH_SALE_START/END).
  envPrefix: ['VITE_', 'FLASH_SALE_'],
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registered by pwa/src/features/offline (workbox-window), which owns the update prompt.
      injectRegister: false,
      injectManifest: {
        // The app shell and every route chunk a shopper may open offline, plus the seed pictures.
        globPatterns: ['**/*.{js,css,html,svg,png,webp}'],
        // Not needed offline: the manifest's screenshots, and Stripe's loader (card payment is
        // online-only by nature).
        globIgnores: ['screenshots/**', '**/stripe*.js'],
      },
      manifest,
    }),
  ],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8787}` },
  },
});

/**
 * Vite build of the PWA (root pwa/, static files from public/, output dist/) with the service
 * worker built from pwa/src/sw.ts by vite-plugin-pwa (injectManifest) and the web app manifest.
 * In dev, /api is proxied to the Node server (`npm run dev`).
 */
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const icon = (name: string) => ({ src: `/icons/${name}`, sizes: '96x96', type: 'image/png' });

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
      manifest: {
        id: '/',
        name: 'Taza Haat — fresh vegetables and fruit',
        short_name: 'Taza Haat',
        description: 'Fresh vegetables and fruit from Dhaka markets, per kg in Tk. Browse and order even offline.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#2f7d32',
        background_color: '#fbfdf7',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          { src: '/screenshots/shop-narrow.png', sizes: '540x960', type: 'image/png', form_factor: 'narrow', label: 'The shop on a phone' },
          { src: '/screenshots/shop-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'The shop on a desktop' },
        ],
        shortcuts: [
          { name: 'Shop', url: '/Shop', icons: [icon('shortcut-shop-96.png')] },
          { name: 'Cart', url: '/cart', icons: [icon('shortcut-cart-96.png')] },
          { name: 'My Orders', url: '/dashboard/my-orders', icons: [icon('shortcut-orders-96.png')] },
        ],
      },
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

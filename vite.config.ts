/**
 * Vite build of the PWA (root pwa/, static files from public/, output dist/). In dev, /api is
 * proxied to the Node server (`npm run dev`).
 */
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'pwa',
  publicDir: '../public',
  envDir: '..',
  // VITE_* as usual, plus the flash-sale window of DESIGN.md §2 (FLASH_SALE_START/END).
  envPrefix: ['VITE_', 'FLASH_SALE_'],
  plugins: [react(), tailwindcss()],
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

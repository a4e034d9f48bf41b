/**
 * The size baseline (bench/README.md §1): a minimal Vite build of React 19 + react-dom that
 * renders one element (scripts/bench/baseline/), built in the same run with the same Vite and
 * React as the shop, and served by `vite preview` so Chromium loads it like the shop.
 */
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, preview } from 'vite';
import { freePort } from '../lib/ports';

/** Builds the baseline into `outDir` and serves it; returns its URL and a stop function. */
export async function serveBaseline(outDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = join(import.meta.dirname, 'baseline');
  await build({ root, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true } });
  const port = await freePort();
  const server = await preview({
    root,
    configFile: false,
    logLevel: 'warn',
    build: { outDir },
    preview: { port, host: '127.0.0.1', strictPort: true },
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => server.close() };
}

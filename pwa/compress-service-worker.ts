/**
 * A Vite plugin that writes brotli and gzip copies of `sw.js` once vite-plugin-pwa has built it.
 * The other text assets are compressed by vite-plugin-compression2 while the bundle is written,
 * but the service worker is built later (VitePWA's closeBundle), out of that plugin's reach;
 * without these copies it would go uncompressed on every update check. The Node entry serves these copies (edge-api/src/http/static-site.ts);
 * Cloudflare compresses on its own (.assetsignore keeps the copies out of a Workers deploy).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function compressServiceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'taza-haat:compress-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir); // outDir is relative to root (pwa/)
    },
    // After every earlier closeBundle (VitePWA's writes sw.js there).
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const file = join(outDir, 'sw.js');
        const source = await readFile(file);
        await writeFile(`${file}.br`, await brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        await writeFile(`${file}.gz`, await gzipAsync(source, { level: 9 }));
      },
    },
  };
}

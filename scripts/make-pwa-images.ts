/**
 * Renders the PWA's icons (from public/icons/icon.svg) and the manifest's screenshots (of the
 * running shop) with system Chromium. Run by hand when the logo or the look changes:
 *   npx tsx scripts/make-pwa-images.ts http://127.0.0.1:8787
 * The PNGs are committed; the unit test in pwa/manifest.test.ts checks their sizes.
 */
import { readFileSync, mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { DEFAULT_PORT } from '../edge-api/src/contract/local-run';
import { chromiumArgs, ensureChromium } from './lib/chromium';

const shopUrl = process.argv[2] ?? `http://127.0.0.1:${DEFAULT_PORT}`;
const svg = readFileSync('public/icons/icon.svg', 'utf8');
const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });

async function icon(size: number, file: string, maskable = false) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  // Maskable icons keep the logo inside the central 80% safe zone on a full-bleed background.
  const inner = maskable ? Math.round(size * 0.7) : size;
  await page.setContent(
    `<body style="margin:0;display:grid;place-items:center;width:${size}px;height:${size}px;background:${maskable ? '#2f7d32' : 'transparent'}">
       <img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}" width="${inner}" height="${inner}"></body>`,
  );
  await page.screenshot({ path: `public/icons/${file}`, omitBackground: !maskable });
  await page.close();
}

mkdirSync('public/screenshots', { recursive: true });
await icon(192, 'icon-192.png');
await icon(512, 'icon-512.png');
await icon(512, 'maskable-512.png', true);
for (const name of ['shop', 'cart', 'orders']) await icon(96, `shortcut-${name}-96.png`);

for (const [file, width, height] of [
  ['shop-narrow.png', 540, 960],
  ['shop-wide.png', 1280, 800],
] as const) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.goto(`${shopUrl}/Shop`);
  await page.getByTestId('product-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `public/screenshots/${file}` });
  await page.close();
}
await browser.close();

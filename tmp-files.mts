import { chromium } from 'playwright-core';
import { chromiumArgs } from './scripts/lib/chromium';
import { startStack } from './scripts/lib/stack';
import { compressedSizes, firstLoadJs } from './scripts/bench/first-load';
import { join } from 'node:path';
const stack = await startStack({ e2eHooks: false });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
for (const p of ['/', '/Shop']) {
  const r = await firstLoadJs(browser, stack.baseUrl + p, stack.distDir, '[data-testid="product-card"]');
  console.log(p, r.gzip, r.files.map((f) => `${f}=${(compressedSizes(join(stack.distDir, f)).gzip / 1024).toFixed(1)}`).join(' '));
}
await browser.close(); await stack.stop();

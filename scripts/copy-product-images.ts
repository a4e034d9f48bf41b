/**
 * Copies each seed product's Fluent Emoji 3D picture (MIT, npm @lobehub/fluent-emoji-3d) to
 * public/products/<slug>.webp, so Vite puts it in the build. The pictures are not committed.
 */
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { seedCatalogue } from '../edge-api/src/db/seed-catalogue';

const require = createRequire(import.meta.url);
const assets = join(dirname(require.resolve('@lobehub/fluent-emoji-3d/package.json')), 'assets');
const target = join('public', 'products');
mkdirSync(target, { recursive: true });

let copied = 0;
for (const product of seedCatalogue) {
  const from = join(assets, `${product.emoji}.webp`);
  const to = join(target, `${product.slug}.webp`);
  if (!existsSync(from)) {
    console.error(`No picture ${product.emoji}.webp in @lobehub/fluent-emoji-3d for "${product.name}".`);
    process.exit(1);
  }
  if (existsSync(to) && statSync(to).size === statSync(from).size) continue;
  copyFileSync(from, to);
  copied += 1;
}
if (copied > 0) console.log(`Copied ${copied} product pictures to ${target}/.`);

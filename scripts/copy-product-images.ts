/**
 * Copies each seed product's Fluent Emoji 3D picture (MIT, npm @lobehub/fluent-emoji-3d) to
 * public/products/<slug>.webp, so Vite puts it in the build, and writes its small copy for data
 * saving (DESIGN.md §5, Data) to public/products/small/<slug>.webp. Neither is committed
 * (.gitignore: public/products/). Files already up to date are left as they are.
 */
import { copyFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { seedCatalogue } from '../edge-api/src/db/seed-catalogue';

/**
 * The small copy's width and height in pixels. On a 390 px phone two cards share a row and the
 * card's picture box (4:3, 8 px padding) shows the square picture about 114 CSS px wide: 128 px
 * is sharp at DPR 1 and a little soft at DPR 2, where the full picture is 256 px. Judged for
 * data: 128 px at the quality below is about a third of the 256 px file's bytes (≈ 1.7 KiB
 * against 4.7 KiB a picture).
 */
const SMALL_SIZE = 128;
/** WebP quality of the colour and of the transparency (sharp's 1–100): the shadows stay smooth at 80. */
const SMALL_QUALITY = { quality: 60, alphaQuality: 80, effort: 6 } as const;

const require = createRequire(import.meta.url);
const assets = join(dirname(require.resolve('@lobehub/fluent-emoji-3d/package.json')), 'assets');
const target = join('public', 'products');
const smallTarget = join(target, 'small');
mkdirSync(smallTarget, { recursive: true });
// A change of the sizes above (this file) makes every small copy again.
const scriptChanged = statSync(import.meta.filename).mtimeMs;

/** True when `to` exists and was written after `from` and after this script last changed. */
const upToDate = (from: string, to: string): boolean => {
  const written = statSync(to, { throwIfNoEntry: false })?.mtimeMs;
  return written !== undefined && written >= statSync(from).mtimeMs && written >= scriptChanged;
};

let copied = 0;
let made = 0;
for (const product of seedCatalogue) {
  const from = join(assets, `${product.emoji}.webp`);
  const to = join(target, `${product.slug}.webp`);
  if (!existsSync(from)) {
    console.error(`No picture ${product.emoji}.webp in @lobehub/fluent-emoji-3d for "${product.name}".`);
    process.exit(1);
  }
  if (!existsSync(to) || statSync(to).size !== statSync(from).size) {
    copyFileSync(from, to);
    copied += 1;
  }
  const small = join(smallTarget, `${product.slug}.webp`);
  if (upToDate(to, small)) continue;
  await sharp(to)
    .resize(SMALL_SIZE, SMALL_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .webp(SMALL_QUALITY)
    .toFile(small);
  made += 1;
}
if (copied > 0) console.log(`Copied ${copied} product pictures to ${target}/.`);
if (made > 0) console.log(`Made ${made} small pictures (${SMALL_SIZE} px) in ${smallTarget}/.`);

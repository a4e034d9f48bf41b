import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { manifest } from './manifest';

/** Width × height from a PNG's IHDR chunk. */
const pngSize = (path: string) => {
  const bytes = readFileSync(path);
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
};

describe('web app manifest images', () => {
  const images = [
    ...(manifest.icons ?? []),
    ...(manifest.screenshots ?? []),
    ...(manifest.shortcuts ?? []).flatMap((s) => s.icons ?? []),
  ];

  it.each(images.map((image) => [image.src, image.sizes] as const))('%s is %s as the manifest claims', (src, sizes) => {
    expect(pngSize(`public${src}`)).toBe(sizes);
  });

  it('has 192 and 512 icons, a separate maskable 512, and narrow and wide screenshots', () => {
    expect(manifest.icons?.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.screenshots?.map((s) => s.form_factor)).toEqual(['narrow', 'wide']);
    expect(manifest.shortcuts?.map((s) => s.name)).toEqual(['Shop', 'Cart', 'My Orders']);
  });
});

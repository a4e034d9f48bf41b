/**
 * The photo shrinker's choices (DESIGN.md §19), with an encoder that stands in for a browser's
 * canvas: the size kept, lower quality then smaller until it fits, WebP where the browser encodes
 * it and JPEG where it answers WebP with PNG (Safari).
 */
import { PHOTO_TARGET_BYTES } from '@contract/problem';
import { describe, expect, it } from 'vitest';
import { encodeToFit, fitWithin, PhotoError, type Encoder } from './photo-shrink';

/** A browser's encoder: `bytesAt(side, quality)` bytes, of the type asked for unless `webp` is false (then PNG for WebP). */
function browser(bytesAt: (side: number, quality: number) => number, webp = true) {
  const asked: Array<[number, number, string]> = [];
  const encode: Encoder = async (side, quality, type) => {
    asked.push([side, quality, type]);
    const got = type === 'image/webp' && !webp ? 'image/png' : type;
    return new Blob([new Uint8Array(bytesAt(side, quality))], { type: got });
  };
  return { asked, encode };
}

describe('fitWithin', () => {
  it('brings the longest side to the limit, keeping the shape, and never enlarges', () => {
    expect(fitWithin(4000, 3000, 1280)).toEqual({ width: 1280, height: 960 });
    expect(fitWithin(3000, 4000, 1280)).toEqual({ width: 960, height: 1280 });
    expect(fitWithin(640, 480, 1280)).toEqual({ width: 640, height: 480 });
  });
});

describe('encodeToFit', () => {
  it('keeps WebP at 1280 px when it fits at the best quality', async () => {
    const { asked, encode } = browser(() => 60_000);
    const { blob, type } = await encodeToFit(encode);
    expect([type, blob.size]).toEqual(['image/webp', 60_000]);
    expect(asked).toEqual([[1280, 0.8, 'image/webp']]);
  });

  it('lowers the quality, then the size, until it is at most the target', async () => {
    const { asked, encode } = browser((side, quality) => Math.round(side * side * quality * 0.2));
    const { blob } = await encodeToFit(encode);
    expect(blob.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
    expect(asked.at(-1)).toEqual([1024, 0.4, 'image/webp']);
  });

  it('falls back to JPEG where the browser answers WebP with PNG (Safari)', async () => {
    const { asked, encode } = browser(() => 50_000, false);
    const { blob, type } = await encodeToFit(encode);
    expect([type, blob.type]).toEqual(['image/jpeg', 'image/jpeg']);
    expect(asked).toEqual([
      [1280, 0.8, 'image/webp'],
      [1280, 0.8, 'image/jpeg'],
    ]);
  });

  it('gives up when nothing fits', async () => {
    const { encode } = browser(() => PHOTO_TARGET_BYTES + 1);
    await expect(encodeToFit(encode)).rejects.toEqual(new PhotoError('tooLarge'));
  });
});

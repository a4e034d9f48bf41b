/**
 * Shrinks a camera picture in the browser to at most PHOTO_TARGET_BYTES before it is queued
 * (DESIGN.md §19): decoded (createImageBitmap, else an <img>), drawn on a canvas with its longest
 * side at most 1280 px, and encoded as WebP where the browser encodes it, else JPEG — Safari's
 * `toBlob('image/webp')` answers PNG, so the blob's own type decides — at lower quality, then
 * smaller, until it fits. Runs on the page only (a canvas), never on the shop's first load.
 */
import { PHOTO_TARGET_BYTES, type PhotoType } from '@contract/problem';

/** The longest sides tried (px), largest first: a phone's photo is read well at 1280. */
const SIDES = [1280, 1024, 800, 640, 480] as const;
/** The qualities tried at each side, best first. */
const QUALITIES = [0.8, 0.65, 0.5, 0.4] as const;

/** A shrunk photo: its type and bytes (what the outbox keeps) and its size. */
export type ShrunkPhoto = { type: PhotoType; bytes: ArrayBuffer; size: number };

/** Thrown when a file is not a picture this browser can read, or cannot be made small enough. */
export class PhotoError extends Error {
  override name = 'PhotoError';
  constructor(readonly reason: 'unreadable' | 'tooLarge') {
    super(`photo: ${reason}`);
  }
}

/** Takes a picture's size and a longest side; returns the size that fits within it (never larger). */
export function fitWithin(width: number, height: number, side: number): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Encodes the picture at longest side `side`, quality `quality`, asking for `type`; the blob says what it got. */
export type Encoder = (side: number, quality: number, type: PhotoType) => Promise<Blob | null>;

/**
 * Tries `encode` from the largest side and best quality down until a blob of at most `target`
 * bytes comes back: WebP first, JPEG once the browser answers WebP with another type.
 * @returns the first that fits, with its type as encoded. @throws PhotoError `tooLarge` when none does.
 */
export async function encodeToFit(
  encode: Encoder,
  target = PHOTO_TARGET_BYTES,
): Promise<{ blob: Blob; type: PhotoType }> {
  let type: PhotoType = 'image/webp';
  for (const side of SIDES)
    for (const quality of QUALITIES) {
      let blob = await encode(side, quality, type);
      if (type === 'image/webp' && blob?.type !== 'image/webp') {
        type = 'image/jpeg';
        blob = await encode(side, quality, type);
      }
      if (blob && blob.type === type && blob.size <= target) return { blob, type };
    }
  throw new PhotoError('tooLarge');
}

/** Decodes `file`: an ImageBitmap (turned as the camera held it) where the browser has one, else an <img>. */
async function decode(
  file: Blob,
): Promise<{ source: CanvasImageSource; width: number; height: number; close: () => void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() =>
      createImageBitmap(file),
    );
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  await image.decode().finally(() => URL.revokeObjectURL(url));
  return { source: image, width: image.naturalWidth, height: image.naturalHeight, close: () => undefined };
}

/**
 * Shrinks picture `file` (any type the browser decodes: a camera's JPEG or HEIC on Safari, PNG…).
 * @returns the photo to queue. @throws PhotoError `unreadable` (not a picture) or `tooLarge`.
 */
export async function shrinkPhoto(file: Blob): Promise<ShrunkPhoto> {
  const picture = await decode(file).catch(() => {
    throw new PhotoError('unreadable');
  });
  try {
    if (picture.width < 1 || picture.height < 1) throw new PhotoError('unreadable');
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!context) throw new PhotoError('unreadable');
    let drawnSide = 0;
    const encode: Encoder = (side, quality, type) => {
      if (side !== drawnSide) {
        const size = fitWithin(picture.width, picture.height, side);
        [canvas.width, canvas.height] = [size.width, size.height];
        // JPEG has no transparency: a white ground, not black, under a transparent PNG.
        context.fillStyle = '#fff';
        context.fillRect(0, 0, size.width, size.height);
        context.drawImage(picture.source, 0, 0, size.width, size.height);
        drawnSide = side;
      }
      return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
    };
    const { blob, type } = await encodeToFit(encode);
    const bytes = await blob.arrayBuffer();
    return { type, bytes, size: bytes.byteLength };
  } finally {
    picture.close();
  }
}

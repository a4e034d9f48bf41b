/**
 * Which file of a product picture to show (DESIGN.md §5, Data). The build makes a second,
 * smaller WebP of every picture under `/products/` at `/products/small/<name>.webp`; pictures
 * elsewhere (an admin's http(s) URL) have one size only.
 */
import { useDataSaver } from './data-saver';

/** The small copy's URL path of `src` when it is one of the shop's own pictures, else `src`. */
export const smallPicture = (src: string): string =>
  src.replace(/^\/products\/(?!small\/)([^/]+\.webp)$/, '/products/small/$1');

/** `src`, or its small copy while the shop saves data (useDataSaver: the switch or Save-Data). */
export function usePicture(src: string): string {
  return useDataSaver() ? smallPicture(src) : src;
}

/**
 * usePicture for a list's pictures (hooks cannot be called per item): a function from a picture's
 * `src` to the file to show, the small copy while the shop saves data.
 */
export function usePictures(): (src: string) => string {
  return useDataSaver() ? smallPicture : asIs;
}

const asIs = (src: string) => src;

import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_SAVER_KEY } from './storage-keys';
import { smallPicture, usePicture } from './picture';

describe('smallPicture', () => {
  it.each([
    ['/products/potato.webp', '/products/small/potato.webp'],
    ['/products/amrapali-mango.webp', '/products/small/amrapali-mango.webp'],
  ])('finds the small copy of the shop’s picture %s', (src, small) => {
    expect(smallPicture(src)).toBe(small);
  });

  it.each([
    // Already the small copy: not small/small/.
    '/products/small/potato.webp',
    // Pictures the build makes no small copy of.
    'https://cdn.example.com/products/potato.webp',
    '/products/potato.png',
    '/products/fruit/potato.webp',
    '/icons/icon-192.png',
    '/products/potato.webp?v=2',
    '',
  ])('leaves %s as it is', (src) => {
    expect(smallPicture(src)).toBe(src);
  });
});

/** A stand-in for the browser's localStorage, where the Data saver switch is remembered. */
const storage = new Map<string, string>();
Object.assign(globalThis, {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  },
});
afterEach(() => storage.clear());

function Picture({ src }: { src: string }) {
  return createElement('img', { src: usePicture(src), alt: '' });
}

describe('usePicture', () => {
  it('renders the full picture in prerendered HTML, even with the switch on: hydration then matches it', () => {
    storage.set(DATA_SAVER_KEY, '1');
    expect(renderToString(createElement(Picture, { src: '/products/potato.webp' }))).toContain(
      'src="/products/potato.webp"',
    );
  });
});

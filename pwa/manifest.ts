/**
 * The web app manifest (installability: name, icons incl. a separate maskable one, screenshots
 * for the richer install UI, shortcuts). The PNGs are made by scripts/make-pwa-images.ts.
 *
 * One manifest, in English (`lang`): the app installs under its brand name whichever language is
 * shown, as browsers read the manifest at install, not when the shopper switches language
 * (DESIGN.md §9); the installed app then opens in the language chosen, with the tab's title in it.
 */
import type { ManifestOptions } from 'vite-plugin-pwa';

const icon = (name: string) => ({ src: `/icons/${name}`, sizes: '96x96', type: 'image/png' });

export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Taza Haat — fresh vegetables and fruit',
  short_name: 'Taza Haat',
  lang: 'en',
  dir: 'ltr',
  description: 'Fresh vegetables and fruit from Dhaka markets, per kg in Tk. Browse and order even offline.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#2f7d32',
  background_color: '#fbfdf7',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/screenshots/shop-narrow.png',
      sizes: '540x960',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'The shop on a phone',
    },
    {
      src: '/screenshots/shop-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'The shop on a desktop',
    },
  ],
  shortcuts: [
    { name: 'Shop', url: '/Shop', icons: [icon('shortcut-shop-96.png')] },
    { name: 'Cart', url: '/cart', icons: [icon('shortcut-cart-96.png')] },
    { name: 'My Orders', url: '/dashboard/my-orders', icons: [icon('shortcut-orders-96.png')] },
  ],
};

/**
 * The app's security headers (DESIGN.md §7), made at build time because the Content-Security-
 * Policy names the SHA-256 of index.html's inline script (pwa/route-preload.ts), which changes
 * with every build. The plugin writes them to `dist/_headers` in Cloudflare's format: Workers
 * static assets apply it to every file it serves, and the Node entry reads the same file
 * (edge-api/src/http/static-site.ts), so both runtimes send the same headers.
 *
 * The page keeps the Firebase ID token in localStorage (spec §4): the CSP is what keeps a
 * script from anywhere else from reading it. No 'unsafe-inline' for scripts.
 */
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** Build-time inputs that decide which outside origins the page talks to. */
export type CspEnv = {
  /** host:port of the Firebase Auth emulator the build talks to (local runs and tests only). */
  authEmulatorHost?: string | undefined;
  /** The Firebase auth domain whose iframe the sign-in popup uses (default `<project>.firebaseapp.com`). */
  authDomain: string;
};

/** The Content-Security-Policy for the app's pages, allowing the inline scripts whose hashes are given. */
export function contentSecurityPolicy(scriptHashes: readonly string[], env: CspEnv): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      // index.html's inline preload script, by its hash (never 'unsafe-inline').
      ...scriptHashes.map((hash) => `'sha256-${hash}'`),
      // Stripe.js, loaded by the card payment (it must come from Stripe's origin).
      'https://js.stripe.com',
      // Google's API loader, which Firebase's Google/GitHub sign-in popup loads.
      'https://apis.google.com',
      // reCAPTCHA, which Firebase's phone sign-in runs (invisibly) before it sends a code
      // (Google's reCAPTCHA FAQ, "Content Security Policy"): its paths only, not all of google.com.
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ],
    // sonner (toasts) and Stripe's elements add <style> elements at run time; styles cannot
    // read the token, scripts are what the policy guards.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Product pictures may be any https URL an admin enters; Google and GitHub avatars.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      // Firebase Auth: sign-in and token refresh.
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      // Stripe's embedded Checkout.
      'https://api.stripe.com',
      'https://checkout.stripe.com',
      // The Auth emulator, only in builds made for it (npm start, tests).
      ...(env.authEmulatorHost ? [`http://${env.authEmulatorHost}`] : []),
    ],
    'frame-src': [
      // Stripe's embedded Checkout and its 3-D Secure pages.
      'https://js.stripe.com',
      'https://checkout.stripe.com',
      'https://hooks.stripe.com',
      // Firebase's popup sign-in talks to the auth domain through a hidden iframe.
      `https://${env.authDomain}`,
      // reCAPTCHA's challenge frames (phone sign-in).
      'https://www.google.com/recaptcha/',
      'https://recaptcha.google.com/recaptcha/',
    ],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    // No site may frame the shop (clickjacking); X-Frame-Options says the same to old browsers.
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** Every header the app's documents (and the service worker's script) are served with. */
export function securityHeaders(scriptHashes: readonly string[], env: CspEnv): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(scriptHashes, env),
    'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), usb=(), payment=(self "https://js.stripe.com" "https://checkout.stripe.com")',
  };
}

/**
 * The headers only a document or a worker's script acts on: the CSP (CSP §4.1 "Integration with
 * Fetch": a policy applies to the global object its response creates), X-Frame-Options and
 * Permissions-Policy (a document's); HSTS, which the browser learns for the whole host from the
 * page itself (RFC 6797 §8.1), and Referrer-Policy, whose value is the browsers' default and which
 * a module or a style sheet otherwise takes from its page. The built code and the product pictures
 * never become a document (the service worker's script is `/sw.js`, at the root; the app starts
 * no other worker; a WebP opened on its own runs nothing), so they are served without these —
 * about 1 KiB less for each of a first visit's hundred responses over HTTP/1.1
 * (bench/README.md §12). The icons keep them: an SVG opened on its own is a document.
 */
const documentOnlyHeaders = [
  'Content-Security-Policy',
  'X-Frame-Options',
  'Permissions-Policy',
  'Strict-Transport-Security',
  'Referrer-Policy',
] as const;

/** The site's folders of files that are never a document: Vite's `assets/` (JS, CSS) and the product pictures (WebP). */
const subresourceFolders = ['/assets/', '/products/'] as const;

/**
 * The `_headers` file (Cloudflare's format, which the Node entry reads too): every header on `/*`,
 * and the document-only ones detached (`! Name`) from the folders that hold no document.
 */
export function headersFile(headers: Record<string, string>): string {
  const lines = ['/*', ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)];
  for (const folder of subresourceFolders)
    lines.push(`${folder}*`, ...documentOnlyHeaders.map((name) => `  ! ${name}`));
  return [...lines, ''].join('\n');
}

/** The base64 SHA-256 of every inline `<script>` (one without `src`) in `html`, as CSP wants it. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) =>
    createHash('sha256')
      .update(match[1] ?? '')
      .digest('base64'),
  );
}

/** A Vite plugin that writes `dist/_headers` for index.html as built (see the module comment). */
export function securityHeadersPlugin(env: CspEnv): Plugin {
  return {
    name: 'taza-haat:security-headers',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('security-headers: the build has no index.html');
      const headers = securityHeaders(inlineScriptHashes(String(index.source)), env);
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(headers) });
    },
  };
}

/**
 * zod for the browser build: Vite resolves every `import … from 'zod'` in the app (the shared
 * contract included) to this module. zod compiles object parsers with `new Function` unless
 * told not to, and probes for that when a schema is made; the app's Content-Security-Policy
 * forbids eval (pwa/security-headers.ts), so the probe alone is a reported violation.
 * `jitless` keeps every parser interpreted. Set here, it runs before any schema is made.
 * The API (Node, Workers) keeps zod's compiled parsers.
 */
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';

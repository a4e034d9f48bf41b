/**
 * `@contract/...` → `edge-api/src/contract/...`: how the PWA imports the schemas, pricing and
 * types it shares with the API (DESIGN.md §1). The same mapping is tsconfig.base.json's `paths`
 * (types, ESLint's resolver); this one is for Vite and vitest, which bundle the code.
 */
import { fileURLToPath } from 'node:url';

export const contractAlias = {
  find: /^@contract\//,
  replacement: fileURLToPath(new URL('../edge-api/src/contract/', import.meta.url)),
};

/** Unit and API tests (real libSQL files in a temp folder, no mocks). E2E: e2e/vitest.config.ts. */
import { defineConfig } from 'vitest/config';
import { contractAlias } from './pwa/contract-alias';
import { i18nInline } from './pwa/i18n-inline';

export default defineConfig({
  // Modules under test show their English as in the app (pwa/i18n-inline.ts).
  plugins: [i18nInline()],
  resolve: { alias: [contractAlias] },
  test: {
    include: ['edge-api/**/*.test.ts', 'scripts/**/*.test.ts', 'pwa/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});

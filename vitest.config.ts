/** Unit and API tests (real libSQL files in a temp folder, no mocks). E2E: e2e/vitest.config.ts. */
import { defineConfig } from 'vitest/config';
import { contractAlias } from './pwa/contract-alias';

export default defineConfig({
  resolve: { alias: [contractAlias] },
  test: {
    include: ['edge-api/**/*.test.ts', 'scripts/**/*.test.ts', 'pwa/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});

/** End-to-end tests: the real stack (global-setup.ts) driven in system Chromium. */
import { defineConfig } from 'vitest/config';
import { contractAlias } from '../pwa/contract-alias';

export default defineConfig({
  // `@contract/…` as the PWA and the unit tests resolve it (pwa/contract-alias.ts).
  resolve: { alias: [contractAlias] },
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    environment: 'node',
    // One browser at a time: the machine has 2 cores and the stack runs beside it.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // A poll waits for the app as a locator's waitFor does: vitest's 1 s default is less than a
    // lazily loaded chunk (the Bangla catalogue, Sonner) or a reload can take on a loaded 2-core CI.
    expect: { poll: { timeout: 10_000 } },
  },
});

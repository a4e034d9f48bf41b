/**
 * Starts the real stack once per run (Auth emulator + built app on the Node server, free ports,
 * temp database) and finds Chromium; tears everything down afterwards, even when tests fail.
 */
import type { TestProject } from 'vitest/node';
import { ensureChromium } from '../scripts/lib/chromium';
import { startStack } from '../scripts/lib/stack';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    authEmulatorHost: string;
    databaseUrl: string;
    chromePath: string;
    distDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromePath = ensureChromium();
  const stack = await startStack();
  project.provide('baseUrl', stack.baseUrl);
  project.provide('authEmulatorHost', stack.authEmulatorHost);
  project.provide('databaseUrl', stack.databaseUrl);
  project.provide('chromePath', chromePath);
  project.provide('distDir', stack.distDir);
  return stack.stop;
}

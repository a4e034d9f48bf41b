/** Decides whether the built PWA in dist/ is older than its sources, and builds it. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startChild } from './child';

/** Sources whose change means dist/ must be rebuilt. */
const SOURCES = ['pwa', 'public', 'edge-api/src/contract', 'vite.config.ts', 'package-lock.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

/** True when `dist/index.html` is missing or older than any source file. */
export function pwaBuildIsStale(root = '.'): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > builtAt);
}

/** Runs `npm run build` (product pictures, then vite build); resolves true on success. */
export async function buildPwa(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  const child = startChild('build', 'npm', ['run', '--silent', 'build'], { env });
  return (await child.exited) === 0;
}

/**
 * Finds the system Chromium for browser tests (`CHROME_PATH`, else /usr/bin/chromium) and,
 * when it is missing and we run as root, installs Debian's `chromium` package with apt.
 * Tests never download a browser of their own (DESIGN.md §7).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Flags for headless Chromium on this machine: root needs --no-sandbox; no background traffic. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Returns the Chromium executable path, installing it first if needed and allowed.
 * @throws Error saying what to do when Chromium is missing and cannot be installed here.
 */
export function ensureChromium(): string {
  const path = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.env.CHROME_PATH) throw new Error(`CHROME_PATH is ${path}, but no file is there.`);
  if (process.getuid?.() !== 0)
    throw new Error('Chromium is not installed: run "sudo apt-get install -y chromium" or set CHROME_PATH.');
  console.log('Installing Debian chromium for the browser tests…');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(path)) throw new Error(`apt installed chromium, but ${path} does not exist.`);
  return path;
}

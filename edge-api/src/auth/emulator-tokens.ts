/**
 * When the Auth emulator's unsigned (`alg: none`) ID tokens may sign a request in (DESIGN.md §3).
 * Anyone can write such a token for any uid and e-mail, so they are accepted only where no one
 * but this machine can send one: FIREBASE_AUTH_EMULATOR_HOST set, a `demo-` project, and a
 * loopback listener (Node: the HOST the server binds) and a request to a loopback host (on
 * Workers, as under `wrangler dev`) — never on a public host, whatever the settings.
 */
import type { Context } from 'hono';
import type { AppConfig } from '../config';

/** A request's permission to sign in with an emulator token, beyond the configuration's. */
export type EmulatorTokenGate = (c: Context) => boolean;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * True when `host` (a hostname or IP address as in a URL or HOST, IPv6 with or without brackets,
 * no port) names this machine: `localhost`, 127.0.0.0/8 or ::1. False for anything else,
 * including the wildcard addresses 0.0.0.0 and ::, which listen on every interface.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/\.$/, '');
  if (name === 'localhost') return true;
  if (name === '::1' || name === '[::1]') return true;
  const ipv4 = IPV4.exec(name);
  return ipv4 !== null && ipv4.slice(1).every((part) => Number(part) <= 255) && ipv4[1] === '127';
}

/** True when the configuration asks for emulator tokens: the emulator's host is set and the project is a `demo-` one. */
export function emulatorConfigured(config: Pick<AppConfig, 'authEmulatorHost' | 'firebaseProjectId'>): boolean {
  return config.authEmulatorHost !== undefined && config.firebaseProjectId.startsWith('demo-');
}

/** The request gate of Workers (and the default): the request's URL names a loopback host. */
export const loopbackRequest: EmulatorTokenGate = (c) => isLoopbackHost(new URL(c.req.url).hostname);

/**
 * The Node server's gate for a server bound to `listenHost` (HOST): loopback requests when it
 * listens on loopback; none otherwise, then `warning` says why, for the start-up log.
 */
export function nodeEmulatorGate(
  config: Pick<AppConfig, 'authEmulatorHost' | 'firebaseProjectId'>,
  listenHost: string,
): { gate: EmulatorTokenGate; warning?: string } {
  if (!emulatorConfigured(config) || isLoopbackHost(listenHost)) return { gate: loopbackRequest };
  return {
    gate: () => false,
    warning:
      `HOST ${listenHost} is not a loopback address, so the Auth emulator's unsigned sign-in tokens are refused ` +
      '(anyone who can reach the server could forge one); listen on 127.0.0.1, or use a real Firebase project.',
  };
}

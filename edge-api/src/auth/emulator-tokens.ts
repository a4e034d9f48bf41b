/**
 * When the Auth emulator's unsigned (`alg: none`) ID tokens may sign a request in (DESIGN.md §3).
 * Anyone can write such a token for any uid and e-mail, so they are accepted only where no one
 * but this machine can send one: FIREBASE_AUTH_EMULATOR_HOST set, a `demo-` project, a loopback
 * listener (Node: the HOST the server binds), a request to a loopback host (on Workers, as under
 * `wrangler dev`), and no reverse proxy — never on a public host, whatever the settings.
 *
 * A proxy on this machine (nginx's default `proxy_pass http://127.0.0.1:8787`) connects from
 * loopback and sends `Host: 127.0.0.1:8787` whoever its client is, so neither the peer nor the
 * host tells a proxied request from a local one: a request that names a proxy hop (Forwarded,
 * RFC 7239; X-Forwarded-For; X-Real-IP), or any request while TRUST_PROXY says proxies are in
 * front, is refused.
 */
import type { Context } from 'hono';
import type { AppConfig } from '../config';
import type { AppEnv } from '../env';

/** A request's permission to sign in with an emulator token, beyond the configuration's. */
export type EmulatorTokenGate = (c: Context<AppEnv>) => boolean;

/** The headers a reverse proxy adds: RFC 7239's Forwarded and the de-facto X-Forwarded-For and X-Real-IP. */
export const PROXY_HEADERS = ['Forwarded', 'X-Forwarded-For', 'X-Real-IP'] as const;

/** The first of {@link PROXY_HEADERS} that request `c` carries, or undefined when it names no proxy hop. */
function proxyHeaderOf(c: Context): (typeof PROXY_HEADERS)[number] | undefined {
  return PROXY_HEADERS.find((name) => c.req.header(name) !== undefined);
}

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

/**
 * The request gate of Workers (and the default): TRUST_PROXY 0 (`c.var.config`), no proxy
 * header, and a request URL that names a loopback host.
 */
export const loopbackRequest: EmulatorTokenGate = (c) =>
  c.get('config').trustProxy === 0 && proxyHeaderOf(c) === undefined && isLoopbackHost(new URL(c.req.url).hostname);

const refuse: EmulatorTokenGate = () => false;

/**
 * The Node server's gate for a server bound to `listenHost` (HOST), when the configuration asks
 * for emulator tokens: {@link loopbackRequest} while it listens on loopback with TRUST_PROXY 0;
 * none otherwise, then `warning` says why, for the start-up log. The first request refused for a
 * proxy header calls `onProxied` with one sentence saying so (later ones are refused quietly).
 */
export function nodeEmulatorGate(
  config: Pick<AppConfig, 'authEmulatorHost' | 'firebaseProjectId' | 'trustProxy'>,
  listenHost: string,
  onProxied: (sentence: string) => void = () => {},
): { gate: EmulatorTokenGate; warning?: string } {
  if (!emulatorConfigured(config)) return { gate: loopbackRequest };
  if (!isLoopbackHost(listenHost))
    return {
      gate: refuse,
      warning:
        `HOST ${listenHost} is not a loopback address, so the Auth emulator's unsigned sign-in tokens are refused ` +
        '(anyone who can reach the server could forge one); listen on 127.0.0.1, or use a real Firebase project.',
    };
  if (config.trustProxy > 0)
    return {
      gate: refuse,
      warning:
        `TRUST_PROXY is ${config.trustProxy}, so requests come through a reverse proxy and the Auth emulator's unsigned ` +
        'sign-in tokens are refused (anyone the proxy serves could forge one); use a real Firebase project behind a proxy.',
    };
  let told = false;
  return {
    gate: (c) => {
      const header = proxyHeaderOf(c);
      if (header === undefined) return loopbackRequest(c);
      if (!told) {
        told = true;
        onProxied(
          `a request came through a reverse proxy (it carried ${header}), so the Auth emulator's unsigned sign-in tokens ` +
            'are refused on proxied requests (anyone the proxy serves could forge one); use a real Firebase project behind a proxy.',
        );
      }
      return false;
    },
  };
}

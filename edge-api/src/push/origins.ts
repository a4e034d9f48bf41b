/**
 * The push services a subscription may name (DESIGN.md §11): the server posts only to an `https:`
 * endpoint whose origin is in PUSH_SERVICE_ORIGINS, so a client cannot make it send a request to
 * an address it made up (SSRF). An allowed origin is exact (`https://fcm.googleapis.com`) or a
 * wildcard over one host's subdomains (`https://*.notify.windows.com`: `db5p.notify.windows.com`
 * yes; `notify.windows.com`, `evilnotify.windows.com` and `notify.windows.com.evil.test` no).
 */

/**
 * The push services of Chrome (FCM), Firefox (Mozilla autopush), Edge (Windows Push
 * Notification Services) and Safari (Apple), as their subscriptions' endpoints name them.
 */
export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://*.notify.windows.com',
  'https://web.push.apple.com',
] as const;

/** One allowed origin: an exact origin, or `https://*.` and the host whose subdomains it allows. */
export type AllowedOrigin = { exact: string } | { suffix: string; port: string };

/**
 * Parses one PUSH_SERVICE_ORIGINS entry.
 * @returns the allowed origin, or a sentence saying why the entry is refused.
 */
export function parseAllowedOrigin(entry: string): AllowedOrigin | string {
  const wildcard = /^https:\/\/\*\.([^/:]+)(:\d+)?$/i.exec(entry);
  if (wildcard?.[1]) {
    const host = wildcard[1].toLowerCase();
    // `*.com` would allow any host under a public suffix: a wildcard needs two labels after it.
    if (!host.includes('.')) return `"${entry}" is too wide: a wildcard needs a domain with a dot after "*."`;
    return { suffix: `.${host}`, port: wildcard[2]?.slice(1) ?? '' };
  }
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return `"${entry}" is not a URL`;
  }
  if (url.protocol !== 'https:') return `"${entry}" must be an https: origin`;
  if (url.origin !== entry.replace(/\/$/, '').toLowerCase() || url.username || url.password)
    return `"${entry}" must be an origin only (scheme, host and port; no path or user)`;
  return { exact: url.origin };
}

/**
 * A host name of DNS labels (letters, digits, hyphens; RFC 1123 §2.1), as WHATWG `URL` writes it
 * (lower case, IDNs as `xn--`). WHATWG `URL` also takes `;`, `,`, `!`, `$`, `&`, `'`, `(`, `)`,
 * `*`, `+`, `=`, `_` and `~` in a host, where other URL parsers (Node's legacy `url.parse`) end
 * the host instead: `https://attacker;.notify.windows.com/x` is host `attacker`, port 443 to them.
 */
const DNS_NAME = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/**
 * The endpoint as WHATWG `URL` parses it, when it may be posted to: `https:`, no user or
 * password, and its origin one of `allowed` (the port counts: `https://fcm.googleapis.com:8443`
 * is not `https://fcm.googleapis.com`). A wildcard's host must be DNS labels only, so every URL
 * parser reads the same host. The sender posts to exactly this URL (push/webcrypto-sender.ts).
 * @returns the parsed URL, or undefined when `endpoint` is refused (never throws).
 */
export function allowedEndpointUrl(endpoint: string, allowed: readonly AllowedOrigin[]): URL | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return undefined;
  const ok = allowed.some((origin) =>
    'exact' in origin
      ? url.origin === origin.exact
      : DNS_NAME.test(url.hostname) &&
        url.hostname.endsWith(origin.suffix) &&
        url.hostname.length > origin.suffix.length &&
        url.port === origin.port,
  );
  return ok ? url : undefined;
}

/** True when `endpoint` may be posted to ({@link allowedEndpointUrl}). */
export function isAllowedEndpoint(endpoint: string, allowed: readonly AllowedOrigin[]): boolean {
  return allowedEndpointUrl(endpoint, allowed) !== undefined;
}

/** The origin of `endpoint` (`https://fcm.googleapis.com`), the only part of it a log may name. */
export function endpointOrigin(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid';
  }
}

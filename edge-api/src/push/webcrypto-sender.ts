/**
 * The push sender (push/sender.ts) of both runtimes, Node and Workers: RFC 8291 `aes128gcm`
 * encryption (push/aes128gcm.ts) and an RFC 8292 VAPID header (an ES256 JWT signed with jose),
 * posted with `fetch`, all on WebCrypto. The endpoint is parsed once, by WHATWG `URL`, checked
 * against PUSH_SERVICE_ORIGINS (push/origins.ts) and posted to as parsed, so the host the check
 * read is the host the request goes to (DESIGN.md §11). `web-push` parses endpoints with Node's
 * legacy `url.parse`, which reads another host out of some URLs than WHATWG `URL` does, and
 * `@block65/webcrypto-web-push` 1.0.2 sends only the older draft formats (`aesgcm` with
 * `Crypto-Key`/`Encryption` headers and the `WebPush` auth scheme), which Apple's push service
 * refuses and RFC 8291/8292 replaced, so this module uses neither.
 */
import { importJWK, SignJWT, type CryptoKey as JoseKey } from 'jose';
import type { PushConfig } from './config';
import { base64url, fromBase64url } from '../contract/base64url';
import { encryptAes128gcm } from './aes128gcm';
import { allowedEndpointUrl } from './origins';
import { PUSH_TIMEOUT_MS, type PushSender } from './sender';

/** RFC 8292 §2: a JWT lives at most 24 hours; 12 leaves room for clock skew. */
const JWT_LIFETIME_S = 12 * 60 * 60;

/**
 * Thrown for a subscription whose endpoint is not an `https:` URL of PUSH_SERVICE_ORIGINS (one
 * stored before the allow-list changed): nothing is sent. Its name is what the log says.
 */
export class PushEndpointRefusedError extends Error {
  override readonly name = 'PushEndpointRefusedError';
  constructor() {
    super('the endpoint is not an https: URL of an allowed push service');
  }
}

/** What a test may replace: `fetch` (a stand-in push service's certificate) and the timeout (ms). */
export type SenderOptions = {
  fetch?: (request: Request) => Promise<Response>;
  timeoutMs?: number;
};

/**
 * A sender signing with `config.vapid` and posting only to endpoints of `config.allowedOrigins`.
 * A push service's refusal (4xx/5xx) is returned as its status, not thrown.
 * @throws PushEndpointRefusedError for an endpoint off the allow-list; the fetch's error on a
 * network failure; TimeoutError after `timeoutMs` (default {@link PUSH_TIMEOUT_MS}).
 */
export function createWebCryptoSender(config: PushConfig, options: SenderOptions = {}): PushSender {
  const { publicKey, privateKey, subject } = config.vapid;
  const fetcher = options.fetch ?? ((request: Request) => fetch(request));
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  let signingKey: Promise<JoseKey | Uint8Array> | undefined;
  const key = () => {
    const point = fromBase64url(publicKey);
    signingKey ??= importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: base64url(point.slice(1, 33)),
        y: base64url(point.slice(33, 65)),
        d: privateKey,
      },
      'ES256',
    );
    return signingKey;
  };
  return {
    async send(subscription, payload, { ttl, urgency, topic }) {
      const url = allowedEndpointUrl(subscription.endpoint, config.allowedOrigins);
      if (!url) throw new PushEndpointRefusedError();
      // RFC 8292 §2: the audience is the push service's origin.
      const jwt = await new SignJWT({ sub: subject })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
        .setAudience(url.origin)
        .setExpirationTime(Math.floor(Date.now() / 1000) + JWT_LIFETIME_S)
        .sign(await key());
      const body = await encryptAes128gcm(new TextEncoder().encode(payload), subscription.keys);
      const response = await fetcher(
        new Request(url, {
          method: 'POST',
          headers: {
            Authorization: `vapid t=${jwt}, k=${publicKey}`,
            'Content-Encoding': 'aes128gcm',
            'Content-Type': 'application/octet-stream',
            TTL: String(ttl),
            Urgency: urgency,
            ...(topic ? { Topic: topic } : {}),
          },
          body,
          // A push service's redirect is not followed: the request goes to the checked URL only.
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        }),
      );
      // The body is not read: release the connection.
      await response.body?.cancel();
      return { status: response.status };
    },
  };
}

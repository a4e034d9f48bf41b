/**
 * The Workers push sender (push/sender.ts): RFC 8291 `aes128gcm` encryption (push/aes128gcm.ts)
 * and an RFC 8292 VAPID header (an ES256 JWT signed with jose), posted with `fetch`, all on
 * WebCrypto. `@block65/webcrypto-web-push` 1.0.2 sends only the older draft formats (`aesgcm`
 * with `Crypto-Key`/`Encryption` headers and the `WebPush` auth scheme), which Apple's push
 * service refuses and RFC 8291/8292 replaced, so this module does not use it.
 */
import { importJWK, SignJWT, type CryptoKey as JoseKey } from 'jose';
import type { PushConfig } from './config';
import { base64url, fromBase64url } from '../contract/base64url';
import { encryptAes128gcm } from './aes128gcm';
import { PUSH_TIMEOUT_MS, type PushSender } from './sender';

/** RFC 8292 §2: a JWT lives at most 24 hours; 12 leaves room for clock skew. */
const JWT_LIFETIME_S = 12 * 60 * 60;

/**
 * A sender signing with `config.vapid`; `fetcher` is `fetch` unless a test gives its own.
 * A push service's refusal is returned as its status, not thrown.
 * @throws on a network failure or after {@link PUSH_TIMEOUT_MS}.
 */
export function createWebCryptoSender(
  config: PushConfig,
  fetcher: (request: Request) => Promise<Response> = (request) => fetch(request),
): PushSender {
  const { publicKey, privateKey, subject } = config.vapid;
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
      const audience = new URL(subscription.endpoint).origin;
      const jwt = await new SignJWT({ sub: subject })
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
        .setAudience(audience)
        .setExpirationTime(Math.floor(Date.now() / 1000) + JWT_LIFETIME_S)
        .sign(await key());
      const body = await encryptAes128gcm(new TextEncoder().encode(payload), subscription.keys);
      const response = await fetcher(
        new Request(subscription.endpoint, {
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
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        }),
      );
      // The body is not read: release the connection.
      await response.body?.cancel();
      return { status: response.status };
    },
  };
}

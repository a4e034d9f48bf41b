/**
 * The push sender under the name the Node entry (node.ts) imports: the one WebCrypto sender of
 * both runtimes (push/webcrypto-sender.ts; RFC 8291 `aes128gcm`, RFC 8292 VAPID, posted with
 * `fetch` to the endpoint as WHATWG `URL` parsed it). The `web-push` package is not used at run
 * time; the tests use it to cross-check this sender's output (push/senders.test.ts).
 */
import type { PushConfig } from './config';
import type { PushSender } from './sender';
import { createWebCryptoSender, type SenderOptions } from './webcrypto-sender';

/**
 * A sender signing with `config.vapid`, posting only to `config.allowedOrigins`' endpoints;
 * `options` replace `fetch` and the timeout in tests. A push service's refusal is returned as its
 * status. @throws as {@link createWebCryptoSender} does.
 */
export function createWebPushSender(config: PushConfig, options: SenderOptions = {}): PushSender {
  return createWebCryptoSender(config, options);
}

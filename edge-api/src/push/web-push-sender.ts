/**
 * The Node push sender (push/sender.ts) over `web-push`: RFC 8291 `aes128gcm` encryption and an
 * RFC 8292 `vapid t=…, k=…` Authorization header, posted over node:https.
 */
import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushConfig } from './config';
import { PUSH_TIMEOUT_MS, type PushSender } from './sender';

/**
 * A sender signing with `config.vapid`. `agent` is for tests (a stand-in push service's
 * certificate). A push service's refusal (4xx/5xx) is returned as its status, not thrown.
 * @throws on a network failure or a timeout.
 */
export function createWebPushSender(
  config: PushConfig,
  options: { agent?: Agent; timeoutMs?: number } = {},
): PushSender {
  return {
    async send(subscription, payload, { ttl, urgency, topic }) {
      try {
        const result = await webpush.sendNotification(subscription, payload, {
          vapidDetails: config.vapid,
          TTL: ttl,
          urgency,
          ...(topic ? { topic } : {}),
          contentEncoding: 'aes128gcm',
          timeout: options.timeoutMs ?? PUSH_TIMEOUT_MS,
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return { status: result.statusCode };
      } catch (error) {
        if (error instanceof WebPushError) return { status: error.statusCode };
        throw error;
      }
    },
  };
}

/**
 * Web Push settings (DESIGN.md §11), parsed with the rest of the server's configuration
 * (config.ts): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url: an uncompressed P-256 point of
 * 65 bytes and its 32-byte private scalar, as web-push's generateVAPIDKeys makes them),
 * VAPID_SUBJECT (`mailto:` or `https:`, the contact RFC 8292 §2.1 asks for) and
 * PUSH_SERVICE_ORIGINS (comma-separated; default the browsers' push services, push/origins.ts).
 * Without both keys push is off: its routes answer 404 `push_not_configured`.
 */
import { z } from 'zod';
import { DEFAULT_PUSH_SERVICE_ORIGINS, parseAllowedOrigin, type AllowedOrigin } from './origins';

/** What the senders and the subscription routes need. */
export type PushConfig = {
  vapid: { publicKey: string; privateKey: string; subject: string };
  allowedOrigins: readonly AllowedOrigin[];
};

/** The byte length of base64url `text`, or -1 when it is not base64url. */
function base64UrlBytes(text: string): number {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return -1;
  return Math.floor((text.length * 3) / 4);
}

const key = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .refine((text) => base64UrlBytes(text) === bytes, { message: `must be base64url of ${bytes} bytes (${what})` });

const origins = z.string().transform((text, ctx): AllowedOrigin[] => {
  const parsed = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0)
    .map(parseAllowedOrigin);
  const refused = parsed.filter((entry): entry is string => typeof entry === 'string');
  if (refused.length > 0 || parsed.length === 0) {
    ctx.addIssue({ code: 'custom', message: refused.length > 0 ? refused.join('; ') : 'names no origin' });
    return z.NEVER;
  }
  return parsed as AllowedOrigin[];
});

/** The variables' schema, merged into config.ts's. */
export const pushConfigSchema = {
  VAPID_PUBLIC_KEY: key(65, 'an uncompressed P-256 public key').optional(),
  VAPID_PRIVATE_KEY: key(32, 'a P-256 private key').optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { message: 'must be a mailto: address or an https: URL' })
    .default('mailto:shop@tazahaat.invalid'),
  PUSH_SERVICE_ORIGINS: origins.prefault(DEFAULT_PUSH_SERVICE_ORIGINS.join(',')),
};

type PushVariables = {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT: string;
  PUSH_SERVICE_ORIGINS: AllowedOrigin[];
};

/**
 * The push configuration of parsed variables `c`: undefined (push off) without both keys.
 * @returns an issue's path and message when only one key is set (config.ts reports it).
 */
export function pushConfigOf(c: PushVariables): PushConfig | undefined | { issue: [string, string] } {
  if (!c.VAPID_PUBLIC_KEY && !c.VAPID_PRIVATE_KEY) return undefined;
  if (!c.VAPID_PUBLIC_KEY || !c.VAPID_PRIVATE_KEY)
    return {
      issue: [
        c.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY',
        'must be set with the other VAPID key (both, or neither to switch push off)',
      ],
    };
  return {
    vapid: { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY, subject: c.VAPID_SUBJECT },
    allowedOrigins: c.PUSH_SERVICE_ORIGINS,
  };
}

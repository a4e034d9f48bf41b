/**
 * Server configuration, parsed once from environment variables (Node's process.env or the
 * Workers `env` bindings) so both runtimes share one rule set. `.env.example` documents each.
 */
import { z } from 'zod';
import { DEMO_PROJECT_ID } from './contract/local-run';
import { DEFAULT_AUTO_CREDIT_TK } from './contract/problem';
import { FIREBASE_JWKS_URL } from './auth/jwks';
import { parseSlotTimes, type DeliveryConfig, type SlotTimes } from './delivery/slots';
import { LOG_LEVELS, type LogLevelName } from './http/logger';
import { redact } from './http/redact';
import type { BkashConfig } from './payments/bkash';

/** How many BKASH_* settings bKash needs (all of them, or none). */
const BKASH_SETTINGS = 5;
import { pushConfigOf, pushConfigSchema, type PushConfig } from './push/config';

// The messages name the rule, never the value: a URL may hold credentials, and these texts are printed.
const databaseUrl = z
  .string()
  .trim()
  .regex(/^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)\S+$/, {
    message: 'must start with file:, libsql://, http(s):// or ws(s):// (e.g. file:data/shop.db)',
  })
  .refine((url) => !/^[a-z]+:\/\/[^/?#]*@/i.test(url), {
    message: 'must not hold a user or password: put the token in DATABASE_AUTH_TOKEN',
  });

const emailList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email.length > 0),
  );

const slotTimes = z.string().transform((text, ctx): SlotTimes[] => {
  try {
    return parseSlotTimes(text);
  } catch (error) {
    ctx.addIssue({ code: 'custom', message: `must be comma-separated HH:MM-HH:MM slots: ${(error as Error).message}` });
    return z.NEVER;
  }
});

const configSchema = z.object({
  DATABASE_URL: databaseUrl.default('file:data/shop.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  FIREBASE_PROJECT_ID: z.string().trim().min(1).default(DEMO_PROJECT_ID),
  // host:port of the Firebase Auth emulator; when set (and the project is demo-*), unsigned
  // emulator ID tokens are accepted (DESIGN.md §3).
  FIREBASE_AUTH_EMULATOR_HOST: z.string().trim().min(1).optional(),
  // The JWKS that signs ID tokens: Google's; tests point it at a local key server.
  FIREBASE_JWKS_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(FIREBASE_JWKS_URL),
  ADMIN_EMAILS: emailList,
  // The browser origin allowed by CORS; same-origin requests need none.
  CORS_ORIGIN: z.string().trim().min(1).optional(),
  // Stripe card payments (DESIGN.md §6); without a secret key checkout offers cash on delivery only.
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  // bKash tokenized checkout (DESIGN.md §10): all five, or none (bKash is then not offered).
  BKASH_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL (e.g. https://tokenized.sandbox.bka.sh/v1.2.0-beta)' })
    .optional(),
  BKASH_APP_KEY: z.string().trim().min(1).optional(),
  BKASH_APP_SECRET: z.string().trim().min(1).optional(),
  BKASH_USERNAME: z.string().trim().min(1).optional(),
  BKASH_PASSWORD: z.string().trim().min(1).optional(),
  // Writes (POST/PUT/DELETE) allowed per minute for one signed-in user, and for one IP address.
  RATE_LIMIT_USER_WRITES_PER_MINUTE: z.coerce.number().int().positive().default(30),
  RATE_LIMIT_IP_WRITES_PER_MINUTE: z.coerce.number().int().positive().default(120),
  // Reverse proxies in front of the server whose X-Forwarded-For is trusted: 0 reads the
  // socket's address (X-Forwarded-For ignored); N takes the Nth address from the right of it.
  TRUST_PROXY: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(10, { error: 'must be at most 10' })
    .default(0),
  // Open (Pending) orders one account may have at once, however they are paid (DESIGN.md §3).
  OPEN_ORDERS_PER_ACCOUNT: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .default(3),
  // Units of one counted product an account may hold across its open orders (DESIGN.md §4).
  MAX_UNITS_PER_PRODUCT: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .default(20),
  // Reported problems worth at most this (Tk) become store credit at once, at most 2 a month per
  // account (DESIGN.md §19); larger ones wait for an admin.
  PROBLEM_AUTO_CREDIT_TK: z.coerce
    .number({ error: 'must be a number (Tk)' })
    .min(0, { error: 'must be 0 or more' })
    .max(100_000, { error: 'must be at most 100000' })
    .default(DEFAULT_AUTO_CREDIT_TK),
  // The shop's own address as shoppers reach it (https://shop.example); callback URLs given to
  // payment providers are built from it, never from a request's headers.
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  // The least severe log lines written: debug, info (one line per request), warn or error.
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  // Delivery slots of the shop's day, Asia/Dhaka time (DESIGN.md §8; delivery/slots.ts).
  DELIVERY_SLOTS: slotTimes.default(parseSlotTimes('09:00-11:00,11:00-13:00,15:00-17:00,17:00-19:00,19:00-21:00')),
  // Orders one slot takes.
  DELIVERY_SLOT_CAPACITY: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .default(20),
  // Slots are offered for today and this many days after it.
  DELIVERY_DAYS_AHEAD: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .max(13, { error: 'must be at most 13' })
    .default(2),
  // A slot closes this many minutes before it starts.
  DELIVERY_CUTOFF_MINUTES: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .default(60),
  // Web Push (DESIGN.md §11; push/config.ts): VAPID keys, contact and the allowed push services.
  ...pushConfigSchema,
});

/** The parsed configuration the API app is built with. */
export type AppConfig = {
  databaseUrl: string;
  databaseAuthToken: string | undefined;
  firebaseProjectId: string;
  authEmulatorHost: string | undefined;
  firebaseJwksUrl: string;
  adminEmails: readonly string[];
  corsOrigin: string | undefined;
  rateLimits: { userWritesPerMinute: number; ipWritesPerMinute: number };
  /** Trusted proxy hops in front of the server (TRUST_PROXY; http/rate-limit.ts clientAddress). */
  trustProxy: number;
  /** Open (Pending) orders an account may have at once, however they are paid. */
  openOrdersPerAccount: number;
  /** Units of one counted product an account may hold across its open orders (MAX_UNITS_PER_PRODUCT). */
  maxUnitsPerProduct: number;
  /** Claims worth at most this many Tk are credited at once (PROBLEM_AUTO_CREDIT_TK, DESIGN.md §19; 0: none). */
  problemAutoCreditTk: number;
  /** The shop's public origin without a trailing slash (PUBLIC_URL); undefined: the listener's own. */
  publicUrl: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** bKash tokenized checkout, when all five BKASH_* settings are set (DESIGN.md §10). */
  bkash: BkashConfig | undefined;
  logLevel: LogLevelName;
  delivery: DeliveryConfig;
  /** Web Push, when both VAPID keys are set (push/config.ts); undefined: push is off. */
  push: PushConfig | undefined;
};

/**
 * Thrown by {@link parseConfig}; `message` is one readable sentence per bad variable, naming the
 * variable and its rule but never its value (a DATABASE_URL or a key may hold credentials, and the
 * message is printed at start-up and logged), and `settings` names those variables (for logs; the
 * Worker tells its clients none of them).
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(
    message: string,
    readonly settings: readonly string[] = [],
  ) {
    super(message);
  }
}

/**
 * `url` (a DATABASE_URL) as the console may show it: any user, password or `authToken=` in it
 * replaced by a placeholder (http/redact.ts).
 */
export function printableDatabaseUrl(url: string): string {
  return redact(url);
}

/**
 * Parses environment variables into an {@link AppConfig}. Empty strings count as unset.
 * @throws ConfigError naming each invalid variable, e.g. "DATABASE_URL must start with file:…"
 * (and in `settings`).
 */
export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(lines.join('; '), [...new Set(result.error.issues.map((issue) => String(issue.path[0])))]);
  }
  const c = result.data;
  const bkashSettings = {
    BKASH_BASE_URL: c.BKASH_BASE_URL,
    BKASH_APP_KEY: c.BKASH_APP_KEY,
    BKASH_APP_SECRET: c.BKASH_APP_SECRET,
    BKASH_USERNAME: c.BKASH_USERNAME,
    BKASH_PASSWORD: c.BKASH_PASSWORD,
  };
  const missingBkash = Object.entries(bkashSettings).flatMap(([name, value]) => (value === undefined ? [name] : []));
  if (missingBkash.length > 0 && missingBkash.length < BKASH_SETTINGS)
    throw new ConfigError(
      `${missingBkash.join(', ')} must be set too: bKash needs all five BKASH_* settings, or none to switch it off`,
      missingBkash,
    );
  const push = pushConfigOf(c);
  if (push && 'issue' in push) throw new ConfigError(push.issue.join(' '), [push.issue[0]]);
  return {
    databaseUrl: c.DATABASE_URL,
    databaseAuthToken: c.DATABASE_AUTH_TOKEN,
    firebaseProjectId: c.FIREBASE_PROJECT_ID,
    authEmulatorHost: c.FIREBASE_AUTH_EMULATOR_HOST,
    firebaseJwksUrl: c.FIREBASE_JWKS_URL,
    adminEmails: c.ADMIN_EMAILS,
    corsOrigin: c.CORS_ORIGIN,
    rateLimits: {
      userWritesPerMinute: c.RATE_LIMIT_USER_WRITES_PER_MINUTE,
      ipWritesPerMinute: c.RATE_LIMIT_IP_WRITES_PER_MINUTE,
    },
    trustProxy: c.TRUST_PROXY,
    openOrdersPerAccount: c.OPEN_ORDERS_PER_ACCOUNT,
    maxUnitsPerProduct: c.MAX_UNITS_PER_PRODUCT,
    problemAutoCreditTk: c.PROBLEM_AUTO_CREDIT_TK,
    publicUrl: c.PUBLIC_URL,
    stripeSecretKey: c.STRIPE_SECRET_KEY,
    stripeWebhookSecret: c.STRIPE_WEBHOOK_SECRET,
    bkash:
      missingBkash.length === 0
        ? {
            // Without a trailing slash: the client appends each call's path.
            baseUrl: String(c.BKASH_BASE_URL).replace(/\/+$/, ''),
            appKey: String(c.BKASH_APP_KEY),
            appSecret: String(c.BKASH_APP_SECRET),
            username: String(c.BKASH_USERNAME),
            password: String(c.BKASH_PASSWORD),
          }
        : undefined,
    logLevel: c.LOG_LEVEL,
    delivery: {
      slots: c.DELIVERY_SLOTS,
      capacity: c.DELIVERY_SLOT_CAPACITY,
      daysAhead: c.DELIVERY_DAYS_AHEAD,
      cutoffMinutes: c.DELIVERY_CUTOFF_MINUTES,
    },
    push,
  };
}

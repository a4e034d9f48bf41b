/** Hono environment shared by every route: per-request services set by the app factory. */
import type { Client } from '@libsql/client';
import type Stripe from 'stripe';
import type { Context, MiddlewareHandler } from 'hono';
import { createFactory } from 'hono/factory';
import type { RequestIdVariables } from 'hono/request-id';
import type { AuthUser, TokenVerifier } from './auth/verify-token';
import type { CatalogueCache } from './catalogue/catalogue';
import type { ActiveAreasCache } from './delivery/area-list';
import type { AppConfig } from './config';
import type { RequestLog } from './http/logger';
import type { PaymentMethod } from './contract/order';
import type { BkashClient } from './payments/bkash';
import type { PaymentProvider } from './payments/provider';
import type { PushSender } from './push/sender';

/** The signed-in user of a request, with the admin flag resolved (DESIGN.md §3). */
export type RequestUser = AuthUser & { isAdmin: boolean };

export type AppEnv = {
  Variables: RequestIdVariables & {
    /**
     * This request's logger: `c.var.log.warn('idempotency conflict', { key })` writes one JSON
     * line with the request id (http/logger.ts). Never pass tokens, bodies, e-mails or phones.
     */
    log: RequestLog;
    db: Client;
    /** The catalogue's JSON bytes per version (catalogue/catalogue.ts), one per app instance. */
    catalogue: CatalogueCache;
    /** The shoppers' list of delivery areas as JSON bytes (delivery/area-list.ts), one per app instance. */
    areas: ActiveAreasCache;
    config: AppConfig;
    verifyToken: TokenVerifier;
    clientIp: (c: Context) => string;
    /**
     * The shop's origin for the URLs given to payment providers (where they send the shopper
     * back): PUBLIC_URL, else the runtime's own (app.ts AppDeps.origin), never a request's Host.
     */
    shopOrigin: (c: Context) => string;
    user: RequestUser;
    /** Stripe, when STRIPE_SECRET_KEY is configured. */
    stripe: Stripe | undefined;
    /** bKash's tokenized checkout, when the five BKASH_* settings are configured (payments/bkash.ts). */
    bkash: BkashClient | undefined;
    /**
     * The provider of a way to pay (payments/provider.ts), when the shop offers it now: cash
     * always, card with Stripe, bKash with its settings (payments/providers.ts).
     */
    paymentProvider: (method: PaymentMethod) => PaymentProvider | undefined;
    /** The Web Push sender of this runtime, when push is configured (push/sender.ts). */
    pushSender: PushSender | undefined;
    /** Per-user write limit, run by requireUser once the user is known (http/rate-limit.ts). */
    userWriteLimit: MiddlewareHandler<AppEnv>;
  };
};

/** Creates sub-apps and middleware typed with {@link AppEnv}. */
export const factory = createFactory<AppEnv>();

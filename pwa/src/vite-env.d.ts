/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Flash-sale window start, an ISO date (default: the spec's 30 Mar 2022 12:00:00). */
  readonly FLASH_SALE_START?: string;
  /** Flash-sale window end, an ISO date (default: the spec's 30 Apr 2022 11:59:59). */
  readonly FLASH_SALE_END?: string;
  /** Firebase project id for the web SDK (demo-taza-haat with the emulator). */
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  /** Firebase web API key, auth domain and app id of a real project (unused with the emulator). */
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** Stripe publishable key; card payment is offered only when it is set (with the server's secret key). */
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  /** The release shown in the footer (set by the build; "dev" otherwise). */
  readonly VITE_APP_VERSION?: string;
  /** "1" in the end-to-end build only: bundles test hooks (app/e2e-hooks.ts). */
  readonly VITE_E2E?: string;
  /** host:port of the Firebase Auth emulator; set for `npm start` and tests. */
  readonly VITE_FIREBASE_AUTH_EMULATOR_HOST?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

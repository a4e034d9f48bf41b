/**
 * The defaults of a local run (`npm start`, `npm run dev`, the tests), shared by the API's
 * config, the PWA's Firebase set-up, Vite and the scripts. Dependency-free, so importing it
 * pulls in nothing else (Vite's config restarts on every module it imports).
 */

/** The port the Node server listens on when PORT is unset (`npm start`'s shop, `npm run dev`'s API). */
export const DEFAULT_PORT = 8787;

/**
 * The Firebase project id when FIREBASE_PROJECT_ID is unset, and the one the local commands and
 * tests use: a `demo-` project exists only in the Auth emulator, so nothing reaches Google.
 */
export const DEMO_PROJECT_ID = 'demo-taza-haat';

/**
 * host:port where `npm start` and `npm run dev` run the Firebase Auth emulator unless
 * FIREBASE_AUTH_EMULATOR_HOST says otherwise (firebase.json's port); tests set it so the config
 * accepts emulator tokens without contacting one.
 */
export const DEFAULT_AUTH_EMULATOR_HOST = '127.0.0.1:9099';

/** Small helpers shared by the project's command-line scripts. */
import { existsSync } from 'node:fs';
import { ConfigError } from '../../edge-api/src/config';
import { MigrationError } from '../../edge-api/src/db/migrate';
import { redact } from '../../edge-api/src/http/redact';

/** Reads `.env` into process.env when present (variables already set win). */
export function loadDotEnv(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}

/** An expected failure: printed as its one-sentence message, exit code 1, no stack trace. */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
}

/**
 * Runs `main`, turning expected failures (bad config, failed migration, UserFacingError,
 * database connection errors) into one printed sentence and exit code 1.
 */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(redact(failureText(error)));
    process.exit(1);
  });
}

/**
 * The sentence printed for `error` (before http/redact.ts takes out any credential or e-mail: a
 * database client's message quotes its URL, which may hold a user and password).
 */
function failureText(error: unknown): string {
  if (error instanceof ConfigError) return `Invalid configuration: ${error.message}.`;
  if (error instanceof UserFacingError || error instanceof MigrationError) return error.message;
  if (
    error instanceof Error &&
    /LIBSQL|SQLITE|ECONNREFUSED|fetch failed/i.test(
      `${error.name} ${error.message} ${String((error as { code?: unknown }).code)}`,
    )
  )
    return `The database could not be reached: ${error.message}`;
  return error instanceof Error ? (error.stack ?? String(error)) : String(error);
}

/** Small helpers shared by the project's command-line scripts. */
import { existsSync } from 'node:fs';
import { ConfigError } from '../../edge-api/src/config';
import { MigrationError } from '../../edge-api/src/db/migrate';

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
    if (error instanceof ConfigError) console.error(`Invalid configuration: ${error.message}.`);
    else if (error instanceof UserFacingError || error instanceof MigrationError) console.error(error.message);
    else if (
      error instanceof Error &&
      /LIBSQL|SQLITE|ECONNREFUSED|fetch failed/i.test(
        `${error.name} ${error.message} ${String((error as { code?: unknown }).code)}`,
      )
    )
      console.error(`The database could not be reached: ${error.message}`);
    else console.error(error);
    process.exit(1);
  });
}

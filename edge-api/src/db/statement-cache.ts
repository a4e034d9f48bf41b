/**
 * Prepared statements kept per connection of a `file:` database (Node), so a statement the
 * server runs again is not compiled again.
 *
 * Why: @libsql/client 0.18 has no statement cache: its `file:` client prepares every statement
 * anew for each run (lib-esm/sqlite3.js executeStmt calls `db.prepare(sql)`), and compiling
 * is a fifth of what an order costs the server (15 statements an order; the INSERT into orders
 * compiles its value-list triggers each time; bench/README.md figure 5). The connections it
 * opens are libsql's `Database` (a better-sqlite3 work-alike), whose `prepare` this module
 * wraps: the first `prepare` of an SQL text on a connection compiles it, later ones get the
 * same statement back.
 *
 * Why reusing is safe there: the client uses a statement to its end (`run`, or `all`) before it
 * prepares another, on one thread, and sets its modes (`raw`, `safeIntegers`) each time. SQLite
 * compiles a kept statement again by itself after a schema change, but a statement's column
 * list is read before that: so a schema change on the connection (DDL, or `exec` as
 * `executeMultiple` and migrations run) empties its cache, and the API's queries name their
 * columns (no `SELECT *`), so a change made by another process (a migration) reaches them too.
 * A statement that failed SQLITE_BUSY may stay active (the reason db/client.ts drops the
 * connection then): its cache goes with the connection, which holds it.
 *
 * A kept statement also keeps its answers to the calls the client makes before every run
 * ({@link keepAnswers}): its column list, whether it returns rows, and its modes. Each of those
 * is a call into libsql's native code that builds the same answer again (for a statement that
 * returns no rows `raw()` throws, and the client catches it); together they cost about a tenth
 * of an order's server time (bench/README.md figure 5). What they answer is fixed by the SQL
 * text: the columns a query names and whether it returns rows do not change.
 */
import Database from 'libsql';

/** How many statements a connection keeps, the most recently used (the API runs about 150 texts). */
const STATEMENTS_PER_CONNECTION = 500;

type Statement = ReturnType<Database.Database['prepare']>;
type ModeSetter = (toggle?: boolean) => Statement;

const CACHE = Symbol('taza-haat statement cache');
type CachingDatabase = Database.Database & { [CACHE]?: Map<string, Statement> };

// SQL that may change the schema: not kept, and it empties the connection's cache.
const DDL = /^\s*(CREATE|DROP|ALTER)\b/i;

let installed = false;

/**
 * Makes `statement` keep its answers: `columns()` is read once; `raw(toggle)` and
 * `safeIntegers(toggle)` reach libsql only when they change the mode, and a mode libsql refused
 * (`raw` on a statement that returns no rows) is refused again with the same error.
 * @returns `statement`.
 */
function keepAnswers(statement: Statement): Statement {
  for (const mode of ['raw', 'safeIntegers'] as const) {
    const set = (statement[mode] as ModeSetter).bind(statement);
    let current: boolean | undefined;
    let refused: { toggle: boolean; error: unknown } | undefined;
    statement[mode] = ((toggle = true) => {
      if (toggle === current) return statement;
      if (refused?.toggle === toggle) throw refused.error;
      try {
        set(toggle);
      } catch (error) {
        refused = { toggle, error };
        throw error;
      }
      current = toggle;
      return statement;
    }) as ModeSetter;
  }
  const readColumns = statement.columns.bind(statement);
  let columns: ReturnType<Statement['columns']> | undefined;
  statement.columns = () => (columns ??= readColumns());
  return statement;
}

/**
 * Makes every libsql connection of this process keep its prepared statements (at most
 * {@link STATEMENTS_PER_CONNECTION}, least recently used dropped first). Called by openDatabase
 * (db/client.ts) for `file:` URLs; more calls change nothing.
 */
export function cachePreparedStatements(): void {
  if (installed) return;
  installed = true;
  const { prepare, exec } = Database.prototype;
  Database.prototype.exec = function (this: CachingDatabase, sql: string) {
    this[CACHE]?.clear();
    return exec.call(this, sql);
  } as typeof exec;
  Database.prototype.prepare = function (this: CachingDatabase, sql: string): Statement {
    if (DDL.test(sql)) {
      this[CACHE]?.clear();
      return prepare.call(this, sql) as Statement;
    }
    const cache = (this[CACHE] ??= new Map());
    let statement = cache.get(sql);
    if (statement) {
      cache.delete(sql);
    } else {
      statement = keepAnswers(prepare.call(this, sql) as Statement);
      if (cache.size >= STATEMENTS_PER_CONNECTION) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, statement);
    return statement;
  } as typeof prepare;
}

/**
 * Figure 5's reference in a process of its own: plain libSQL write batches of an order's rows
 * (orders.ts plainInserts), back to back on one connection, through @libsql/client as it comes —
 * its defaults (each COMMIT waits for its own fsync, every statement compiled anew), none of
 * the API's client (db/client.ts: group commit, statement cache), which changes the libSQL of
 * the process that opens it. Env: DATABASE_URL, SECONDS (measured, after 2 s of warm-up).
 * Prints `{"ordersPerSecond": n}`.
 */
import { createClient } from '@libsql/client';
import { plainInserts } from './orders';

// A busy timeout, as orders in flight when the API's load stopped may still commit.
const db = createClient({ url: process.env.DATABASE_URL ?? '', timeout: 5000 });
try {
  await plainInserts(db, 'warmup@example.test', 2);
  const ordersPerSecond = await plainInserts(db, 'plain@example.test', Number(process.env.SECONDS));
  console.log(JSON.stringify({ ordersPerSecond }));
} finally {
  db.close();
}

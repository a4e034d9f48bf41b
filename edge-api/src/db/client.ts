/** Opens the libSQL database on Node: a local file (`file:`) or a libSQL server (sqld, Turso). */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createClient, type Client } from '@libsql/client';

/**
 * Opens `url`; for `file:` URLs creates the parent folder and sets WAL with a busy timeout,
 * so the server's concurrent transactions wait for each other instead of failing SQLITE_BUSY.
 */
export async function openDatabase(url: string, authToken?: string): Promise<Client> {
  if (url.startsWith('file:')) {
    const path = url.slice('file:'.length).split('?')[0] ?? '';
    if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  }
  const db = createClient(authToken ? { url, authToken } : { url });
  if (url.startsWith('file:')) {
    await db.execute('PRAGMA journal_mode = WAL');
    await db.execute('PRAGMA busy_timeout = 5000');
  }
  return db;
}

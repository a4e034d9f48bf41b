/**
 * `GET /api/health`: liveness with a real database round trip → `{ok: true, db: 'up'}`; 503
 * `database_unavailable` with Retry-After while the database cannot be reached (http/errors.ts).
 */
import { factory } from '../env';

export const health = factory.createApp().get('/', async (c) => {
  await c.var.db.execute('SELECT 1');
  return c.json({ ok: true as const, db: 'up' as const });
});

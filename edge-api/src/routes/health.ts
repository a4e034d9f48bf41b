/** `GET /api/health`: liveness with a real database round trip. */
import { factory } from '../env';

export const health = factory.createApp().get('/', async (c) => {
  await c.var.db.execute('SELECT 1');
  return c.json({ ok: true as const, db: 'up' as const });
});

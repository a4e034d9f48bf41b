/**
 * `GET /api/health`: liveness with a real database round trip → `{ok: true, db: 'up'}`; 503
 * `database_unavailable` with Retry-After while the database cannot be reached (http/errors.ts).
 */
import { z } from 'zod';
import { factory } from '../env';
import { doc } from './openapi';

export const health = factory.createApp().get(
  '/',
  doc({
    summary: 'Liveness, with a database round trip',
    auth: 'anyone',
    ok: { status: 200, description: 'Up', schema: z.object({ ok: z.literal(true), db: z.literal('up') }) },
  }),
  async (c) => {
    await c.var.db.execute('SELECT 1');
    return c.json({ ok: true as const, db: 'up' as const });
  },
);

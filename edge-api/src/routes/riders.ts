/**
 * Riders (DESIGN.md §18): `/api/riders`, the admin's list of them, and `/api/rider`, the rider's
 * own run — today's stops (or a date's) in order with the amount to collect and the change to
 * bring, and setting out. Thin over orders/deliver.ts.
 */
import { z } from 'zod';
import { requireAdmin, requireRider } from '../auth/middleware';
import { shopDate } from '../contract/report';
import { riderSchema, runQuery, runStartAnswerSchema, runStopSchema } from '../contract/rider';
import { listRiders } from '../db/accounts';
import { factory } from '../env';
import { validate } from '../http/validation';
import { readRun, setOut } from '../orders/deliver';
import { doc } from './openapi';

/** A run is one rider's working data: revalidated on every read, never kept by a shared cache. */
const RUN_CACHE_CONTROL = 'private, no-store';

/** `/api/riders`: every rider, for the admin's assigning. */
export const riders = factory.createApp().get(
  '/',
  doc({
    summary: 'Every rider (accounts an admin named), by name (DESIGN.md §18)',
    auth: 'admin',
    ok: { status: 200, description: 'The riders', schema: z.array(riderSchema) },
  }),
  requireAdmin,
  async (c) => c.json(await listRiders(c.var.db)),
);

/** `/api/rider`: the signed-in rider's run of a day, and setting out. */
export const rider = factory
  .createApp()
  .get(
    '/run',
    doc({
      summary:
        'Your run (riders): your orders delivered on one Asia/Dhaka date (default today), not cancelled, in stop order, with the amount to collect and the change to bring (Tk)',
      auth: 'rider',
      query: runQuery,
      ok: { status: 200, description: 'The stops, first first', schema: z.array(runStopSchema) },
    }),
    requireRider,
    validate('query', runQuery),
    async (c) => {
      const { date = shopDate(Date.now()) } = c.req.valid('query');
      c.header('Cache-Control', RUN_CACHE_CONTROL);
      return c.json(await readRun(c.var.db, c.var.user.uid, date));
    },
  )
  .post(
    '/run/start',
    doc({
      summary:
        'Set out (riders): your Packed orders of the date (default today) go Out for delivery — Approved ones too, packed as ordered — and each shopper is told you are on the way and how many deliveries come before theirs',
      auth: 'rider',
      query: runQuery,
      ok: {
        status: 200,
        description: 'How many orders went out (0 when none was waiting)',
        schema: runStartAnswerSchema,
      },
    }),
    requireRider,
    validate('query', runQuery),
    async (c) => {
      const { date = shopDate(Date.now()) } = c.req.valid('query');
      return c.json({ modifiedCount: await setOut(c, date) });
    },
  );

/**
 * The page's outbox sender (sender.ts) over Dexie (db.ts): its writes reach the page's live
 * queries (use-unsent.ts) at once, in this tab and the others.
 */
import type { UpdateSpec } from 'dexie';
import { db } from '../db';
import type { OutboxItem } from './protocol';
import { outboxSender, type OutboxRows } from './sender';
import { storedIdToken } from './store';

const pageRows: OutboxRows = {
  answered: () => db.outbox.where('status').anyOf('sent', 'failed').toArray(),
  waiting: () => db.outbox.where('status').equals('waiting').sortBy('seq'),
  put: async (item) => {
    await db.outbox.put(item);
  },
  update: async (seq, changes) => {
    await db.outbox.update(seq, changes as UpdateSpec<OutboxItem>);
  },
  storedIdToken,
};

/**
 * Sends every waiting item that is due (sender.ts outboxSender), by default with the stored ID token.
 * @returns the number of items sent by this run.
 */
export const sendOutbox = outboxSender(pageRows);

/** Names the page and the service worker share for the outbox's Background Sync (sender.ts). */

/** The Background Sync tag the page registers and the worker answers. */
export const OUTBOX_SYNC_TAG = 'taza-haat-outbox';
/** What the service worker posts to open pages after its run sent something (they refetch). */
export const OUTBOX_SENT_MESSAGE = 'OUTBOX_SENT';

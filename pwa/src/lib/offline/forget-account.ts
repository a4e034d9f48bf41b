/**
 * What a sign-out forgets on this device, whoever started it — the user, or Firebase itself (the
 * account disabled, the session revoked): the kept order queries (persist-queries.ts: an admin's
 * queue holds every customer's phone and address) and the account's outbox items (their payloads
 * and answers hold the shopper's). Both modules load only when there is something to forget.
 */

/**
 * Forgets the kept order queries and the outbox items of `email`'s account (other accounts'
 * items stay). Resolves when both are gone, or could not be read (no IndexedDB); never rejects.
 */
export async function forgetAccount(email: string): Promise<void> {
  await Promise.all([
    import('../persist-queries').then((queries) => queries.forgetOrderQueries()),
    import('./outbox/store').then((outbox) => outbox.forgetOutboxOf(email)),
  ]).catch(() => undefined);
}

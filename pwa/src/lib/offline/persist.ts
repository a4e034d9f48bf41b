/**
 * Asks the browser to keep our storage (navigator.storage.persist) — once, after the shopper's
 * first add-to-cart or order, never on a first visit. A refusal is fine: the data stays
 * best-effort, which is what browsers give by default.
 */
let asked = false;

export function requestPersistentStorage(): void {
  if (asked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  asked = true;
  void navigator.storage.persist().catch(() => false);
}

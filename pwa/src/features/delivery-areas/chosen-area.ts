/**
 * The delivery area the shopper chose (DESIGN.md §15), remembered on this device
 * (localStorage DELIVERY_AREA_KEY) so the cart prices its fee and minimum before checkout, offline
 * too. Set in the cart, at checkout, or by choosing a saved address; other tabs follow.
 */
import { useSyncExternalStore } from 'react';
import { DELIVERY_AREA_KEY } from '../../lib/storage-keys';

const listeners = new Set<() => void>();

/** The choice when storage refused it (private mode, a full quota): it lasts this page only. */
let memory: string | undefined;

/** The chosen area's id, or undefined (none yet, or storage unavailable). */
function readChosen(): string | undefined {
  try {
    return localStorage.getItem(DELIVERY_AREA_KEY) || undefined;
  } catch {
    return undefined;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === DELIVERY_AREA_KEY || event.key === null) listener();
  };
  addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    removeEventListener('storage', onStorage);
  };
}

/** Remembers `areaId` as the shopper's delivery area (this device only; a full or blocked storage keeps it for this page). */
export function chooseArea(areaId: string): void {
  try {
    localStorage.setItem(DELIVERY_AREA_KEY, areaId);
  } catch {
    // Private mode or a full storage: the choice lasts this page only.
    memory = areaId;
  }
  for (const listener of listeners) listener();
}

/** Returns the chosen area's id (undefined while none is); the component renders again when it changes. */
export const useChosenAreaId = (): string | undefined =>
  useSyncExternalStore(
    subscribe,
    () => readChosen() ?? memory,
    () => undefined,
  );

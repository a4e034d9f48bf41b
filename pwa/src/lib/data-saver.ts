/**
 * What the connection lets the shop download (DESIGN.md §5, Data): the shopper's Data saver
 * switch (remembered in localStorage), the browser's Save-Data preference
 * (`navigator.connection.saveData`, Chromium only: other browsers have the switch alone), and
 * whether the connection is unmetered (`navigator.connection.type`, where the browser says it).
 */
import { useSyncExternalStore } from 'react';
import { DATA_SAVER_KEY } from './storage-keys';

/** The Network Information API's part we read; absent in Firefox and Safari. */
type Connection = EventTarget & { saveData?: boolean; type?: string };
const connection = (): Connection | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: Connection }).connection;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** True while the profile's Data saver switch is on. */
function dataSaverChosen(): boolean {
  try {
    return localStorage.getItem(DATA_SAVER_KEY) === '1';
  } catch {
    return false;
  }
}

/** Turns the Data saver switch on or off, remembered across visits; every useDataSaver() follows. */
export function chooseDataSaver(on: boolean): void {
  try {
    if (on) localStorage.setItem(DATA_SAVER_KEY, '1');
    else localStorage.removeItem(DATA_SAVER_KEY);
  } catch {
    // Storage refused (private mode with no quota): the choice holds for this page only.
  }
  notify();
}

/** True when the browser asks for less data (Save-Data), which also sends the `Save-Data: on` header. */
const saveDataRequested = (): boolean => connection()?.saveData === true;

/** True when the shop should save data: the switch is on, or the browser asks for it. */
export const savingData = (): boolean => dataSaverChosen() || saveDataRequested();

/**
 * True on a connection the browser reports as unmetered (Wi-Fi or ethernet). Unknown (no
 * Network Information API, or a type it does not say) is false: metered until known otherwise.
 */
export const unmeteredConnection = (): boolean => ['wifi', 'ethernet'].includes(connection()?.type ?? '');

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === DATA_SAVER_KEY && listener();
  window.addEventListener('storage', onStorage);
  connection()?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    connection()?.removeEventListener('change', listener);
  };
};

/**
 * savingData() as React state: false while a prerendered page hydrates (its HTML was made
 * without it), then the real value, following the switch (in every tab) and the connection.
 */
export const useDataSaver = (): boolean => useSyncExternalStore(subscribe, savingData, () => false);

/** The Data saver switch alone, as React state (for the profile's switch). */
export const useDataSaverChosen = (): boolean => useSyncExternalStore(subscribe, dataSaverChosen, () => false);

/**
 * The shopper's packing choices per product (DESIGN.md §17 "Choices on each line"): whether a
 * missing product may be replaced (`none`, `similar`, `call`) and a short note for the packer.
 * Kept in localStorage under `lineChoices` (`{productId: {substitution, note?}}`), so they work
 * offline and are remembered the next time the product is bought; a product with no choice takes
 * the profile's default (`defaultSubstitution`, else `none`). Only the cart page, checkout and
 * the profile load this module (not the first screen). Blocked storage keeps choices for the page.
 */
import { useSyncExternalStore } from 'react';
import {
  DEFAULT_SUBSTITUTION,
  MAX_LINE_NOTE,
  substitutions,
  type LineChoice,
  type Substitution,
} from '@contract/line-choice';
import { t } from '../../lib/i18n/i18n';

/**
 * localStorage: each product's choices, a JSON object `{productId: {substitution, note?}}`. Named
 * here, not in lib/storage-keys.ts, whose constants are all on the home page's first load.
 */
export const LINE_CHOICES_KEY = 'lineChoices';

/** localStorage: the profile's default substitution (`similar` or `call`; absent: `none`). */
export const DEFAULT_SUBSTITUTION_KEY = 'defaultSubstitution';

type Stored = Record<string, LineChoice>;

const isSubstitution = (value: unknown): value is Substitution =>
  typeof value === 'string' && (substitutions as readonly string[]).includes(value);

/** Reads the stored choices; anything malformed is left out. */
function parseChoices(json: string | null): Stored {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const choices: Stored = {};
    for (const [id, value] of Object.entries(parsed as Record<string, unknown>)) {
      const { substitution, note } = (value ?? {}) as { substitution?: unknown; note?: unknown };
      if (!isSubstitution(substitution)) continue;
      choices[id] = { substitution, ...(typeof note === 'string' && note !== '' ? { note } : {}) };
    }
    return choices;
  } catch {
    return {};
  }
}

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string | undefined) => {
  try {
    if (value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Quota or blocked storage: the choice holds for this page only.
  }
};

let choices: Stored = parseChoices(read(LINE_CHOICES_KEY));
let fallback: Substitution = readDefault();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function readDefault(): Substitution {
  const stored = read(DEFAULT_SUBSTITUTION_KEY);
  return isSubstitution(stored) ? stored : DEFAULT_SUBSTITUTION;
}

/** The profile's default: what to do when a product without a choice of its own is missing. */
export const defaultSubstitution = (): Substitution => fallback;

/** Makes `substitution` the default for products without a choice, remembered on this device. */
export function chooseDefaultSubstitution(substitution: Substitution): void {
  fallback = substitution;
  write(DEFAULT_SUBSTITUTION_KEY, substitution === DEFAULT_SUBSTITUTION ? undefined : substitution);
  emit();
}

/** The choices for `productId`: its own, else the profile's default with no note. */
export const lineChoiceOf = (productId: string): LineChoice => choices[productId] ?? { substitution: fallback };

/**
 * Remembers `choice` for `productId` (the note as typed, trimmed of outer spaces when sent, so the
 * shopper can still shorten one that is too long). A choice equal to the default with no note is
 * forgotten, so it follows the default.
 */
export function setLineChoice(productId: string, choice: LineChoice): void {
  const next = { ...choices };
  if (choice.substitution === fallback && !choice.note) delete next[productId];
  else next[productId] = { substitution: choice.substitution, ...(choice.note ? { note: choice.note } : {}) };
  choices = next;
  write(LINE_CHOICES_KEY, Object.keys(next).length > 0 ? JSON.stringify(next) : undefined);
  emit();
}

/** True when `note` is longer than a line's note may be (MAX_LINE_NOTE characters, outer spaces aside). */
export const noteTooLong = (note: string | undefined): boolean => (note?.trim().length ?? 0) > MAX_LINE_NOTE;

/**
 * What an order line carries for `productId` (contract/order.ts): its substitution, and its note
 * when there is one (trimmed). A note too long is not sent: checkout refuses to place the order
 * until it is shortened (see noteTooLong).
 */
export function orderLineChoice(productId: string): LineChoice {
  const { substitution, note } = lineChoiceOf(productId);
  const trimmed = note?.trim();
  return { substitution, ...(trimmed ? { note: trimmed } : {}) };
}

/** Reads the store again from localStorage (another tab changed it; tests). */
export function reloadLineChoices(): void {
  choices = parseChoices(read(LINE_CHOICES_KEY));
  fallback = readDefault();
  emit();
}

let version = 0;
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === LINE_CHOICES_KEY || event.key === DEFAULT_SUBSTITUTION_KEY || event.key === null)
      reloadLineChoices();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};
listeners.add(() => (version += 1));

/** Renders again whenever a choice or the default changes (here or in another tab); returns a change counter. */
export const useLineChoices = (): number =>
  useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );

/** The words for a substitution choice (DESIGN.md §17), in the language shown. */
export function substitutionLabel(substitution: Substitution): string {
  switch (substitution) {
    case 'none':
      return t('lineChoice.none');
    case 'similar':
      return t('lineChoice.similar');
    case 'call':
      return t('lineChoice.call');
  }
}

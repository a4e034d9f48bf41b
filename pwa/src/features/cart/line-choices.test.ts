/** The packing choices kept per product on this device (DESIGN.md §17), over a real Storage. */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_SUBSTITUTION_KEY,
  LINE_CHOICES_KEY,
  chooseDefaultSubstitution,
  defaultSubstitution,
  lineChoiceOf,
  noteTooLong,
  orderLineChoice,
  reloadLineChoices,
  setLineChoice,
} from './line-choices';

/** localStorage as a browser keeps it: strings by key (the unit tests run under Node). */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  reloadLineChoices();
});

describe('line choices', () => {
  it('are "no substitute" and no note for a product never chosen for', () => {
    expect(lineChoiceOf('p1')).toEqual({ substitution: 'none' });
    expect(orderLineChoice('p1')).toEqual({ substitution: 'none' });
  });

  it('are remembered per product across a reload, and the order line carries them trimmed', () => {
    setLineChoice('p1', { substitution: 'similar', note: '  ripe ones ' });
    setLineChoice('p2', { substitution: 'call' });
    reloadLineChoices();
    expect(lineChoiceOf('p1')).toEqual({ substitution: 'similar', note: '  ripe ones ' });
    expect(orderLineChoice('p1')).toEqual({ substitution: 'similar', note: 'ripe ones' });
    expect(orderLineChoice('p2')).toEqual({ substitution: 'call' });
    expect(JSON.parse(storage.getItem(LINE_CHOICES_KEY) ?? '{}')).toEqual({
      p1: { substitution: 'similar', note: '  ripe ones ' },
      p2: { substitution: 'call' },
    });
  });

  it('follow the profile’s default where the shopper chose nothing, and keep their own choice', () => {
    setLineChoice('p1', { substitution: 'none', note: 'small' });
    chooseDefaultSubstitution('similar');
    expect(storage.getItem(DEFAULT_SUBSTITUTION_KEY)).toBe('similar');
    reloadLineChoices();
    expect(defaultSubstitution()).toBe('similar');
    expect(lineChoiceOf('p9')).toEqual({ substitution: 'similar' });
    expect(lineChoiceOf('p1')).toEqual({ substitution: 'none', note: 'small' });
    // Back to the default with no note: forgotten, so it follows the default from now on.
    setLineChoice('p1', { substitution: 'similar' });
    chooseDefaultSubstitution('call');
    expect(lineChoiceOf('p1')).toEqual({ substitution: 'call' });
  });

  it('ignore what is stored malformed', () => {
    storage.setItem(
      LINE_CHOICES_KEY,
      JSON.stringify({ a: { substitution: 'maybe' }, b: null, c: { substitution: 'call', note: 5 } }),
    );
    storage.setItem(DEFAULT_SUBSTITUTION_KEY, 'always');
    reloadLineChoices();
    expect(lineChoiceOf('a')).toEqual({ substitution: 'none' });
    expect(lineChoiceOf('c')).toEqual({ substitution: 'call' });
    storage.setItem(LINE_CHOICES_KEY, '{not json');
    reloadLineChoices();
    expect(lineChoiceOf('c')).toEqual({ substitution: 'none' });
  });

  it('a note may have 80 characters, outer spaces aside, and no more', () => {
    expect(noteTooLong(undefined)).toBe(false);
    expect(noteTooLong(`  ${'x'.repeat(80)}  `)).toBe(false);
    expect(noteTooLong('x'.repeat(81))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { contractError } from './contract-errors';

describe('contractError', () => {
  it("gives the contract's English word for word in English", () => {
    for (const message of ['Required', 'Enter a valid e-mail address', 'Enter a price in Tk, e.g. 60 or 12.5', 'Choose vegetable or fruit', 'At most 80 characters'])
      expect(contractError(message)).toBe(message);
  });

  it('keeps a message it does not know, and no message', () => {
    expect(contractError('Something new')).toBe('Something new');
    expect(contractError(undefined)).toBeUndefined();
  });
});

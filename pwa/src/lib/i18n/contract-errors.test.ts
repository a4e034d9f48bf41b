import { describe, expect, it } from 'vitest';
import { switchableLanguages } from '../../testing/languages';
import { contractError } from './contract-errors';
import { chooseLocale, loadRoleMessages } from './i18n';

describe('contractError', () => {
  it("gives the contract's English word for word in English", () => {
    for (const message of [
      'Required',
      'Enter a valid e-mail address',
      'Enter a price in Tk, e.g. 60 or 12.5',
      'Choose vegetable or fruit',
      'At most 80 characters',
      'Invalid input: expected number, received string',
    ])
      expect(contractError(message)).toBe(message);
  });

  it('keeps a message it does not know, and no message', () => {
    expect(contractError('Something new')).toBe('Something new');
    expect(contractError(undefined)).toBeUndefined();
  });
});

describe('contractError in Bangla', () => {
  switchableLanguages();

  it("says the contract's messages and zod's own in Bangla", async () => {
    await loadRoleMessages(); // as a role's screen does: the forms that say these are role screens
    await chooseLocale('bn');
    expect(contractError('At most 80 characters')).toBe('সর্বোচ্চ ৮০ অক্ষর');
    expect(contractError('Invalid input: expected number, received string')).toBe(
      'ভুল মান: সংখ্যা দরকার, দেওয়া হয়েছে লেখা',
    );
  });
});

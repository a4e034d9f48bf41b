import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage, loadRoleMessages } from '../../lib/i18n/i18n';
import { decisionError } from './decision-errors';
import { ABOVE_WORTH } from './decision-form';

describe('decisionError', () => {
  it('says the contract’s, the form’s and the API’s messages in English', () => {
    expect(decisionError('Say why it is declined', 150)).toBe('Say why it is declined');
    expect(decisionError(ABOVE_WORTH, 150)).toBe("At most the claim's worth, 150 Tk");
    expect(decisionError("At most 150 Tk (the claim's worth)", 150)).toBe("At most the claim's worth, 150 Tk");
    expect(decisionError('At most 80.5 Tk (what is left of the payment)', 150)).toBe(
      "At most 80.5 Tk: what is left of the order's payment",
    );
    expect(decisionError('Something new', 150)).toBe('Something new');
    expect(decisionError(undefined, 150)).toBeUndefined();
  });

  describe('in Bangla', () => {
    // As the problems queue (an admin's screen) does: its Bangla is the role screens' catalogue.
    beforeAll(async () => {
      await loadRoleMessages();
      await loadLanguage('bn');
    });
    afterAll(() => loadLanguage('en'));

    it('says them in Bangla, with Bangla digits', () => {
      expect(decisionError('Say why it is declined', 150)).toBe('কেন নাকচ করছেন তা লিখুন');
      expect(decisionError("At most 150 Tk (the claim's worth)", 150)).toBe('সর্বোচ্চ দাবির মূল্য, ৳১৫০');
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  ABOVE_WORTH,
  decisionFieldErrors,
  decisionFormSchema,
  decisionFormValues,
  decisionsFor,
  type DecisionFormValues,
} from './decision-form';

/** The form's messages per field for `values` on a claim worth `worth`, or its body when valid. */
function check(values: DecisionFormValues, worth = 150) {
  const result = decisionFormSchema(worth).safeParse(values);
  if (result.success) return { body: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message;
  return { fields };
}

describe('the decision form', () => {
  it('starts as a credit of the whole worth', () => {
    expect(decisionFormValues({ worth: 150.5 })).toEqual({ decision: 'credit', amount: '150.5', note: '' });
  });

  it('offers a refund only for a refundable order', () => {
    expect(decisionsFor({ refundable: false })).toEqual(['credit', 'decline']);
    expect(decisionsFor({ refundable: true })).toEqual(['credit', 'refund', 'decline']);
  });

  it('sends a credit or refund with its amount in Tk, and the note only when written', () => {
    expect(check({ decision: 'credit', amount: ' 120.50 ', note: '' })).toEqual({
      body: { decision: 'credit', amount: 120.5, note: undefined },
    });
    expect(check({ decision: 'refund', amount: '150', note: ' Sorry ' })).toEqual({
      body: { decision: 'refund', amount: 150, note: 'Sorry' },
    });
    // Blank: the server moves the whole worth.
    expect(check({ decision: 'credit', amount: '', note: '' })).toEqual({
      body: { decision: 'credit', amount: undefined, note: undefined },
    });
  });

  it('refuses an amount above the worth, not a number, 0 or with more than two decimals', () => {
    expect(check({ decision: 'credit', amount: '150.01', note: '' })).toEqual({ fields: { amount: ABOVE_WORTH } });
    expect(check({ decision: 'credit', amount: 'abc', note: '' })).toEqual({
      fields: { amount: 'Enter an amount (Tk)' },
    });
    expect(check({ decision: 'credit', amount: '0', note: '' })).toEqual({ fields: { amount: 'More than 0' } });
    expect(check({ decision: 'credit', amount: '1.234', note: '' })).toEqual({
      fields: { amount: 'At most two decimals (poisha)' },
    });
  });

  it('needs a note to decline, and sends no amount with it', () => {
    expect(check({ decision: 'decline', amount: '150', note: '  ' })).toEqual({
      fields: { note: 'Say why it is declined' },
    });
    expect(check({ decision: 'decline', amount: '150', note: 'The photo shows fresh tomatoes' })).toEqual({
      body: { decision: 'decline', note: 'The photo shows fresh tomatoes' },
    });
  });

  it('puts the API’s field errors under their fields, and the others aside', () => {
    expect(
      decisionFieldErrors({ fields: { amount: ['At most 150 Tk, the claim’s worth'], 'x.y': ['Odd'], note: [3] } }),
    ).toEqual({ fields: { amount: 'At most 150 Tk, the claim’s worth' }, other: ['Odd'] });
    expect(decisionFieldErrors(undefined)).toEqual({ fields: {}, other: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { classifyAnswer } from './outbox-answer';

const refusal = (code: string) => ({ error: { code, message: 'words' } });

describe('classifyAnswer', () => {
  it('sends on 2xx and retries what waiting can get past: no answer, 429, 5xx, a 409 in flight', () => {
    expect(classifyAnswer(201, { _id: 'o1' })).toBe('sent');
    expect(classifyAnswer(200)).toBe('sent');
    expect(classifyAnswer('network')).toBe('retry');
    expect(classifyAnswer(429, refusal('rate_limited'))).toBe('retry');
    expect(classifyAnswer(503, refusal('busy'))).toBe('retry');
    expect(classifyAnswer(502)).toBe('retry');
    expect(classifyAnswer(409, refusal('idempotency_in_progress'))).toBe('retry');
    expect(classifyAnswer(409)).toBe('retry');
  });

  it('asks for sign-in on 401 and fails other refusals, out of stock among them', () => {
    expect(classifyAnswer(401, refusal('invalid_token'))).toBe('signIn');
    expect(classifyAnswer(409, refusal('out_of_stock'))).toBe('failed');
    expect(classifyAnswer(400, refusal('unknown_product'))).toBe('failed');
    expect(classifyAnswer(403)).toBe('failed');
  });
});

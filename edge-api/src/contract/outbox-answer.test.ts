import { describe, expect, it } from 'vitest';
import { classifyAnswer } from './outbox-answer';

describe('classifyAnswer', () => {
  it('sends on 2xx and retries what waiting can get past: no answer, 429, 5xx', () => {
    expect(classifyAnswer(201)).toBe('sent');
    expect(classifyAnswer(200)).toBe('sent');
    expect(classifyAnswer('network')).toBe('retry');
    expect(classifyAnswer(429)).toBe('retry');
    expect(classifyAnswer(503)).toBe('retry');
    expect(classifyAnswer(502)).toBe('retry');
  });

  it('asks for sign-in on 401 and fails every other refusal, a 409 (out of stock) among them', () => {
    expect(classifyAnswer(401)).toBe('signIn');
    expect(classifyAnswer(409)).toBe('failed');
    expect(classifyAnswer(400)).toBe('failed');
    expect(classifyAnswer(403)).toBe('failed');
    expect(classifyAnswer(422)).toBe('failed');
  });

  it("fails a 429 for a limit a day's wait lifts (too many reviews), and a 409 too many open orders; retries a plain 429", () => {
    expect(classifyAnswer(429, 'too_many_reviews')).toBe('failed');
    expect(classifyAnswer(409, 'too_many_open_orders')).toBe('failed');
    expect(classifyAnswer(429, 'rate_limited')).toBe('retry');
  });
});

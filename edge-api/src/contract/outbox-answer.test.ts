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
});

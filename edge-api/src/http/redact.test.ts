import { describe, expect, it } from 'vitest';
import { formatLogLine } from './logger';
import { redact } from './redact';

describe('redact', () => {
  it.each([
    [
      'Request cannot be constructed from a URL that includes credentials: https://user:secret@db.example/v2/pipeline',
      'Request cannot be constructed from a URL that includes credentials: https://[credentials]@db.example/v2/pipeline',
    ],
    ['libsql://shop.turso.io?authToken=abc.def&tls=1', 'libsql://shop.turso.io?authToken=[hidden]&tls=1'],
    ['Authorization: Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln', 'Authorization: Bearer [token]'],
    ['token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln in a message', 'token [token] in a message'],
    ['Invalid email address: Asha.Rahman+shop@Example.test', 'Invalid email address: [e-mail]'],
  ])('takes the secret out of %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it('leaves ordinary log text alone', () => {
    const text =
      '{"@timestamp":"2026-11-22T02:30:00.000Z","route":"/api/orders/:id","uid":"uid-a","statuses":{"304":2}}';
    expect(redact(text)).toBe(text);
  });

  it("is applied to every log line the API writes, whatever a library's error says", () => {
    const line = formatLogLine({
      category: ['taza-haat'],
      level: 'error',
      message: ['unexpected error'],
      rawMessage: 'unexpected error',
      timestamp: 0,
      properties: { error: 'TypeError: fetch https://user:secret@db.example failed for asha@example.test' },
    });
    expect(line).toContain('unexpected error');
    expect(line).not.toMatch(/secret|asha@example\.test/);
  });
});

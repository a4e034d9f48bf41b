import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';

/** The sources of `directive` in `policy`. */
const sources = (policy: string, directive: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1) ?? [];

describe('the Content-Security-Policy', () => {
  const policy = contentSecurityPolicy(['abc='], { authDomain: 'taza-haat.firebaseapp.com' });

  it("allows reCAPTCHA's scripts and frames, which phone sign-in runs in production, by path only", () => {
    expect(sources(policy, 'script-src')).toEqual(
      expect.arrayContaining(['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']),
    );
    expect(sources(policy, 'frame-src')).toEqual(expect.arrayContaining(['https://www.google.com/recaptcha/']));
    expect(sources(policy, 'script-src')).not.toContain('https://www.google.com');
  });

  it('stays strict for scripts: no unsafe-inline, no unsafe-eval, no wildcard', () => {
    const scripts = sources(policy, 'script-src');
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts.some((source) => source.includes('*'))).toBe(false);
  });
});

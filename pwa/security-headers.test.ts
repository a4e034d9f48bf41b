import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders, withScriptHashes } from './security-headers';

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

describe('withScriptHashes', () => {
  const env = { authDomain: 'taza-haat.firebaseapp.com' };
  const file = (hashes: string[]) =>
    ['/*', ...Object.entries(securityHeaders(hashes, env)).map(([name, value]) => `  ${name}: ${value}`), ''].join(
      '\n',
    );
  const policyOf = (headers: string) => /Content-Security-Policy: (.*)/.exec(headers)?.[1] ?? '';

  it("adds a later build step's inline script hashes to script-src, once each, and changes nothing else", () => {
    const updated = withScriptHashes(file(['abc=']), ['def=', 'def=', 'abc=']);
    expect(sources(policyOf(updated), 'script-src')).toEqual(
      expect.arrayContaining(["'sha256-abc='", "'sha256-def='"]),
    );
    expect(sources(policyOf(updated), 'script-src').filter((source) => source === "'sha256-def='")).toHaveLength(1);
    expect(updated.replace(" 'sha256-def='", '')).toBe(file(['abc=']));
  });

  it('refuses a headers file without a script-src', () => {
    expect(() => withScriptHashes('/*\n  X-Frame-Options: DENY\n', ['abc='])).toThrow(/script-src/);
  });
});

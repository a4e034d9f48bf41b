import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFile, securityHeaders } from './security-headers';

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

describe('the _headers file', () => {
  const file = headersFile(securityHeaders(['abc='], { authDomain: 'taza-haat.firebaseapp.com' }));

  it('sends every header on every path, and detaches the document-only ones from the built code and the pictures', () => {
    const [all, ...folders] = file.trim().split(/\n(?=\S)/);
    expect(all).toMatch(/^\/\*\n/);
    for (const name of [
      'Content-Security-Policy',
      'X-Content-Type-Options',
      'Strict-Transport-Security',
      'X-Frame-Options',
    ])
      expect(all).toContain(`  ${name}: `);
    expect(folders).toEqual(
      ['/assets/*', '/products/*'].map((folder) =>
        [
          folder,
          '  ! Content-Security-Policy',
          '  ! X-Frame-Options',
          '  ! Permissions-Policy',
          '  ! Strict-Transport-Security',
          '  ! Referrer-Policy',
        ].join('\n'),
      ),
    );
  });
});

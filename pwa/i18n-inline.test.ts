import { describe, expect, it } from 'vitest';
import { compileCatalogue, inlineEnglish, misplacedMessages } from './i18n-inline';

const english = {
  'nav.home': 'Home',
  'cart.count': 'Your Cart : {count}',
  'cart.items': '{count, plural, one {# item} other {# items}}',
};
const module = (body: string) => `import { t, useT } from '../../lib/i18n/i18n';\n${body}`;

describe('i18nInline: English into t() calls', () => {
  it('adds the compiled English to each call, after its values', () => {
    const out = inlineEnglish(
      module("const a = t('nav.home');\nconst b = t('cart.count', { count: n });\nconst c = t('cart.items', values);"),
      'x.tsx',
      english,
    );
    expect(out?.code).toContain(`t('nav.home', undefined, ["Home"])`);
    expect(out?.code).toContain(`t('cart.count', { count: n }, ["Your Cart : ",["count"]])`);
    expect(out?.code).toContain(
      `t('cart.items', values, [["count","plural",{"one":["#"," item"],"other":["#"," items"]}]])`,
    );
    expect(out?.map.mappings).not.toBe('');
  });

  it('keeps positions right after non-ASCII text (the parser counts UTF-16 units)', () => {
    const out = inlineEnglish(module("const a = 'তাজা হাট'; const b = t('nav.home');"), 'x.ts', english);
    expect(out?.code).toContain(`const a = 'তাজা হাট'; const b = t('nav.home', undefined, ["Home"]);`);
  });

  it('also reads modules beside it (./i18n)', () => {
    expect(inlineEnglish("import { t } from './i18n';\nt('nav.home');", 'x.ts', english)?.code).toContain(
      `t('nav.home', undefined, ["Home"])`,
    );
  });

  it('leaves modules that do not import lib/i18n/i18n alone', () => {
    expect(inlineEnglish("const t = (x: string) => x; t('anything');", 'x.ts', english)).toBeNull();
  });

  it('fails the build on an id that is not a literal or not in the catalogue', () => {
    expect(() => inlineEnglish(module('t(id);'), 'x.ts', english)).toThrow(/string literal/);
    expect(() => inlineEnglish(module("t('nav.hom');"), 'x.ts', english)).toThrow(/no English message "nav.hom"/);
  });
});

describe('compileCatalogue', () => {
  it("compiles every message to Lingui's runtime form", () => {
    expect(compileCatalogue({ 'nav.home': 'হোম', price: '৳{amount}' })).toEqual({
      'nav.home': ['হোম'],
      price: ['৳', ['amount']],
    });
  });

  it('names the message that does not parse', () => {
    expect(() => compileCatalogue({ broken: '{count, plural, one {x}' })).toThrow(/message "broken" does not parse/);
  });
});

describe('misplacedMessages: each Bangla message in the catalogue of the screens that show it', () => {
  // The shop (precached), sign-in (on demand, no role) and the dashboard (an admin's own code).
  const chunks = [
    { type: 'chunk', fileName: 'assets/shop.js', moduleIds: ['/src/shop.tsx', '/src/header.tsx'] },
    { type: 'chunk', fileName: 'assets/login.js', moduleIds: ['/src/login.tsx'] },
    { type: 'chunk', fileName: 'assets/dashboard.js', moduleIds: ['/src/dashboard.tsx'] },
    { type: 'asset' },
  ] as const;
  const roleOnly = new Set(['assets/dashboard.js']);
  const shown = new Map([
    ['/src/shop.tsx', ['shop.title', 'price']],
    ['/src/header.tsx', ['price']],
    ['/src/login.tsx', ['login.title']],
    ['/src/dashboard.tsx', ['dashboard.title', 'price']],
  ]);
  const catalogue = (...ids: string[]) => Object.fromEntries(ids.map((id) => [id, id]));

  it('finds nothing when the first visit’s file holds every message shown outside the role screens', () => {
    const catalogues = { shell: catalogue('shop.title', 'price', 'login.title'), roles: catalogue('dashboard.title') };
    expect(misplacedMessages(chunks, shown, roleOnly, catalogues)).toEqual([]);
  });

  it('names a message outside the role screens kept with the role screens’, and the module showing it', () => {
    const catalogues = { shell: catalogue('shop.title', 'login.title'), roles: catalogue('dashboard.title', 'price') };
    expect(misplacedMessages(chunks, shown, roleOnly, catalogues)).toEqual([
      '"price" is shown by /src/shop.tsx, outside the role screens: move it to bn.json',
    ]);
  });

  it('names a message only role screens show that a first visit would download', () => {
    const catalogues = { shell: catalogue('shop.title', 'price', 'login.title', 'dashboard.title'), roles: {} };
    expect(misplacedMessages(chunks, shown, roleOnly, catalogues)).toEqual([
      '"dashboard.title" is shown by role screens only: move it to bn-roles.json',
    ]);
  });
});

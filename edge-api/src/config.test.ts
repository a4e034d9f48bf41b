import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig, printableDatabaseUrl } from './config';

describe('parseConfig', () => {
  it('defaults to the embedded database and the demo project', () => {
    expect(parseConfig({})).toMatchObject({
      databaseUrl: 'file:data/shop.db',
      firebaseProjectId: 'demo-taza-haat',
      adminEmails: [],
    });
  });

  it('treats empty variables as unset and splits ADMIN_EMAILS', () => {
    expect(parseConfig({ DATABASE_URL: '', ADMIN_EMAILS: ' A@x.test, b@y.test ,' })).toMatchObject({
      databaseUrl: 'file:data/shop.db',
      adminEmails: ['a@x.test', 'b@y.test'],
    });
  });

  it.each(['postgres://db', 'data/shop.db', 'http://'])('rejects DATABASE_URL %s with one readable sentence', (url) => {
    expect(() => parseConfig({ DATABASE_URL: url })).toThrow(ConfigError);
    expect(() => parseConfig({ DATABASE_URL: url })).toThrow(/^DATABASE_URL must start with file:/);
  });

  it.each(['file:/tmp/x.db', 'http://127.0.0.1:8080', 'libsql://shop.turso.io', 'wss://db.example'])(
    'accepts %s',
    (url) => {
      expect(parseConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    },
  );

  it.each(['libsql://user:secret@host', 'https://admin:secret@db.example/shop', 'wss://secret@db.example'])(
    'refuses a user or password in DATABASE_URL %s, naming the variable and never the value',
    (url) => {
      const error = (() => {
        try {
          parseConfig({ DATABASE_URL: url });
        } catch (thrown) {
          return thrown;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).message).toMatch(/^DATABASE_URL must not hold a user or password/);
      expect((error as ConfigError).message).not.toMatch(/secret|admin|host|db\.example/);
      expect((error as ConfigError).settings).toEqual(['DATABASE_URL']);
    },
  );

  it('prints a database URL without its credentials', () => {
    expect(printableDatabaseUrl('libsql://shop.turso.io?authToken=eyJhbGciOi.eyJzdWIi.c2ln')).toBe(
      'libsql://shop.turso.io?authToken=[hidden]',
    );
    expect(printableDatabaseUrl('file:data/shop.db')).toBe('file:data/shop.db');
  });

  it('logs at info unless LOG_LEVEL says debug, warn or error', () => {
    expect(parseConfig({}).logLevel).toBe('info');
    for (const level of ['debug', 'info', 'warn', 'error'] as const)
      expect(parseConfig({ LOG_LEVEL: level }).logLevel).toBe(level);
  });

  it('rejects another LOG_LEVEL, listing the allowed ones', () => {
    expect(() => parseConfig({ LOG_LEVEL: 'verbose' })).toThrow(/^LOG_LEVEL must be one of debug, info, warn, error$/);
  });

  it('offers bKash with all five BKASH_* settings, not with none, and refuses some-but-not-all naming the missing ones', () => {
    const all = {
      BKASH_BASE_URL: 'https://tokenized.sandbox.bka.sh/v1.2.0-beta/',
      BKASH_APP_KEY: 'key',
      BKASH_APP_SECRET: 'secret-value',
      BKASH_USERNAME: 'merchant',
      BKASH_PASSWORD: 'password-value',
    };
    expect(parseConfig({}).bkash).toBeUndefined();
    expect(parseConfig({ BKASH_APP_KEY: '' }).bkash).toBeUndefined();
    expect(parseConfig(all).bkash).toEqual({
      baseUrl: 'https://tokenized.sandbox.bka.sh/v1.2.0-beta',
      appKey: 'key',
      appSecret: 'secret-value',
      username: 'merchant',
      password: 'password-value',
    });
    const partial = () => parseConfig({ ...all, BKASH_APP_SECRET: '', BKASH_PASSWORD: undefined });
    expect(partial).toThrow(ConfigError);
    expect(partial).toThrow(
      /^BKASH_APP_SECRET, BKASH_PASSWORD must be set too: bKash needs all five BKASH_\* settings, or none to switch it off$/,
    );
    try {
      partial();
    } catch (error) {
      expect((error as ConfigError).settings).toEqual(['BKASH_APP_SECRET', 'BKASH_PASSWORD']);
      // Never a value: the message is printed and logged.
      expect((error as Error).message).not.toMatch(/secret-value|merchant|key,/);
    }
    expect(() => parseConfig({ ...all, BKASH_BASE_URL: 'ftp://bkash' })).toThrow(
      /^BKASH_BASE_URL must be an http\(s\) URL/,
    );
  });

  it('trusts no proxy and allows 3 open orders per account unless told otherwise', () => {
    expect(parseConfig({})).toMatchObject({ trustProxy: 0, openOrdersPerAccount: 3 });
    expect(parseConfig({ TRUST_PROXY: '2', OPEN_ORDERS_PER_ACCOUNT: '100' })).toMatchObject({
      trustProxy: 2,
      openOrdersPerAccount: 100,
    });
  });

  it('lets an account hold 20 units of a counted product and has no public URL unless told otherwise', () => {
    expect(parseConfig({})).toMatchObject({ maxUnitsPerProduct: 20, publicUrl: undefined });
    expect(parseConfig({ MAX_UNITS_PER_PRODUCT: '5', PUBLIC_URL: 'https://shop.example/' })).toMatchObject({
      maxUnitsPerProduct: 5,
      publicUrl: 'https://shop.example',
    });
  });

  it.each([
    ['MAX_UNITS_PER_PRODUCT', '0', /^MAX_UNITS_PER_PRODUCT must be at least 1$/],
    ['PUBLIC_URL', 'shop.example', /^PUBLIC_URL must be an http\(s\) URL$/],
    ['PUBLIC_URL', 'ftp://shop.example', /^PUBLIC_URL must be an http\(s\) URL$/],
    ['TRUST_PROXY', '-1', /^TRUST_PROXY must be 0 or more$/],
    ['TRUST_PROXY', 'yes', /^TRUST_PROXY must be a whole number$/],
    ['OPEN_ORDERS_PER_ACCOUNT', '0', /^OPEN_ORDERS_PER_ACCOUNT must be at least 1$/],
    ['OPEN_ORDERS_PER_ACCOUNT', '2.5', /^OPEN_ORDERS_PER_ACCOUNT must be a whole number$/],
  ])('rejects %s=%s with one readable sentence', (name, value, message) => {
    expect(() => parseConfig({ [name]: value })).toThrow(message);
  });
});

/** PUSH_SERVICE_ORIGINS and the endpoint check (DESIGN.md §11: the server posts only to known push services). */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../config';
import { DEFAULT_PUSH_SERVICE_ORIGINS, isAllowedEndpoint, parseAllowedOrigin, type AllowedOrigin } from './origins';

const defaults = DEFAULT_PUSH_SERVICE_ORIGINS.map(parseAllowedOrigin) as AllowedOrigin[];

describe('isAllowedEndpoint with the default push services', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://db5p.notify.windows.com/w/?token=BQYAAA',
    'https://wns2-by3p.notify.windows.com/w/?token=x',
    'https://web.push.apple.com/QGuQyavXutnMH',
  ])('takes %s', (endpoint) => expect(isAllowedEndpoint(endpoint, defaults)).toBe(true));

  it.each([
    'http://fcm.googleapis.com/fcm/send/abc',
    'https://fcm.googleapis.com.evil.example/fcm/send/abc',
    'https://evilfcm.googleapis.com/x',
    'https://fcm.googleapis.com:8443/x',
    'https://user:pw@fcm.googleapis.com/x',
    'https://notify.windows.com/w/x',
    'https://evilnotify.windows.com/w/x',
    'https://db5p.notify.windows.com.evil.example/w/x',
    'https://db5p.notify.windows.com:444/w/x',
    // WHATWG URL reads host `attacker;.notify.windows.com`; Node's legacy url.parse reads `attacker`.
    'https://attacker;.notify.windows.com/x',
    'https://attacker%3B.notify.windows.com/x',
    'https://attacker,.notify.windows.com/x',
    'https://127.0.0.1;.notify.windows.com/x',
    'https://127.0.0.1/x',
    'ftp://web.push.apple.com/x',
    'not a url',
  ])('refuses %s', (endpoint) => expect(isAllowedEndpoint(endpoint, defaults)).toBe(false));
});

describe('PUSH_SERVICE_ORIGINS', () => {
  it('refuses paths, http:, and a wildcard over a bare top-level domain', () => {
    for (const value of ['https://fcm.googleapis.com/fcm', 'http://push.example', 'https://*.com'])
      expect(() => parseConfig({ PUSH_SERVICE_ORIGINS: value }), value).toThrow(/PUSH_SERVICE_ORIGINS/);
  });

  it('push is off without keys, and one key alone is refused', () => {
    expect(parseConfig({}).push).toBeUndefined();
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` })).toThrow(/VAPID_PRIVATE_KEY must be set/);
    expect(() => parseConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: 'A'.repeat(43) })).toThrow(
      /VAPID_PUBLIC_KEY must be base64url of 65 bytes/,
    );
  });
});

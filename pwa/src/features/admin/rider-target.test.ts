import { describe, expect, it } from 'vitest';
import { riderTarget } from './rider-target';

describe('the rider named on Add Rider', () => {
  it('takes an e-mail address, trimmed and lower-cased', () => {
    expect(riderTarget('  Karim.Rider@Example.COM ')).toEqual({ email: 'karim.rider@example.com' });
  });

  it('takes a BD mobile number as people write it, sent in E.164', () => {
    for (const written of ['01711-223344', '01711223344', '+880 1711 223344', '8801711223344'])
      expect(riderTarget(written), written).toEqual({ phoneNumber: '+8801711223344' });
  });

  it('refuses anything else', () => {
    for (const written of ['', 'karim', 'karim@', '@example.com', '0171122334', '01211223344', '+44 7700 900123'])
      expect(riderTarget(written), written).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { toBdMobileDisplay, toBdMobileE164 } from './phone';

describe('toBdMobileE164', () => {
  it.each([
    ['01711-223344', '+8801711223344'],
    ['01711223344', '+8801711223344'],
    ['+880 1711 223344', '+8801711223344'],
    ['8801711223344', '+8801711223344'],
    ['+8801711223344', '+8801711223344'],
    ['00880 1711 223344', '+8801711223344'],
    [' 017 1122 3344 ', '+8801711223344'],
    ['(+880) 1911-223344', '+8801911223344'],
    ['01311223344', '+8801311223344'],
  ])('reads %j as %s', (input, e164) => {
    expect(toBdMobileE164(input)).toBe(e164);
  });

  it.each([
    [''],
    ['abc'],
    ['0171122334'], // 10 digits
    ['017112233445'], // 12 digits
    ['01211223344'], // operator digit 2
    ['01011223344'], // operator digit 0
    ['02711223344'], // a landline, not 01
    ['+1 415 555 0100'], // another country
    ['+01711223344'], // + before the national form
    ['1711223344'], // no leading 0
    ['+880 1711 22334a'],
    ['880-01711-223344'], // trunk 0 after the country code
  ])('refuses %j', (input) => {
    expect(toBdMobileE164(input)).toBeUndefined();
  });
});

describe('toBdMobileDisplay', () => {
  it('shows a stored E.164 BD mobile as people write it, and anything else as stored', () => {
    expect(toBdMobileDisplay('+8801711223344')).toBe('01711-223344');
    expect(toBdMobileDisplay(toBdMobileE164('+880 1911 000222') ?? '')).toBe('01911-000222');
    expect(toBdMobileDisplay('call me')).toBe('call me');
  });
});

import { describe, expect, it } from 'vitest';
import { isStrongPassword } from './password';

describe('the password rule', () => {
  it.each(['Okra#Soup2026', 'aB3$efgh', 'Twenty#Chars1234567a'])('accepts %s', (p) => expect(isStrongPassword(p)).toBe(true));
  it.each([
    ['aB3$efg', 'seven characters'],
    ['Twenty#Chars1234567ab', 'twenty-one characters'],
    ['ab3$efgh', 'no uppercase'],
    ['AB3$EFGH', 'no lowercase'],
    ['aBc$efgh', 'no digit'],
    ['aB3defgh', 'no special character'],
    ['aB3$ efgh', 'a space'],
    ['aB3$\tefgh', 'a tab'],
  ])('refuses %s (%s)', (p) => expect(isStrongPassword(p)).toBe(false));
});

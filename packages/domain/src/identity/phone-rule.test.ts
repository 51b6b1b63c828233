import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { isValidPhone, phoneField } from './phone-rule';

const numbers = [
  '+33 6 12 34 56 78',
  '+33612345678',
  '+32 470 12 34 56',
  '+1 202 555 0143',
  '+44 20 7946 0958',
  '+33 6 12 34',
  '+33 1 00 00 00 00 0',
  '06 12 34 56 78',
  '+999 123',
  'abc',
  '1',
  `+33 6 12 34 56 78${'9'.repeat(240)}`,
];

const expected = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' || (trimmed.length <= 250 && isValidPhoneNumber(trimmed));
};

describe('the phone rule', () => {
  it('answers synchronously, as libphonenumber does, and passes an empty number', () => {
    expect(numbers.map((n) => phoneField.safeParse(n).success)).toEqual(numbers.map(expected));
    expect(phoneField.safeParse('').success).toBe(true);
    expect(isValidPhone('+33 6 12 34 56 78')).toBe(true);
    expect(isValidPhone('+33 6 12 34')).toBe(false);
  });

  it('says why it refuses a number, in French', () => {
    const refused = phoneField.safeParse('+33 6 12 34');
    expect(refused.error?.issues[0]?.message).toBe('Le numéro de téléphone est invalide.');
  });
});

import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { describe, expect, it } from 'vitest';
import { isValidPhone, loadPhoneRule, phoneField, phoneRuleLoaded } from './phone-rule';

// Each test file gets its own modules: the rule starts unloaded here, as in a browser's first visit.

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

describe('the phone rule, loaded on demand', () => {
  it('refuses to answer a synchronous parse before it is loaded, and waits in an asynchronous one', async () => {
    expect(phoneRuleLoaded()).toBe(false);
    // An empty number needs no library.
    expect(phoneField.safeParse('').success).toBe(true);
    // Never let a number through unchecked: a synchronous parse throws.
    expect(() => phoneField.safeParse('+33 6 12 34 56 78')).toThrow();
    expect(phoneRuleLoaded()).toBe(false);
    const answer = isValidPhone('+33 6 12 34 56 78');
    expect(answer).toBeInstanceOf(Promise);
    const results = await Promise.all(numbers.map((n) => phoneField.safeParseAsync(n)));
    expect(await answer).toBe(true);
    expect(phoneRuleLoaded()).toBe(true);
    expect(results.map((r) => r.success)).toEqual(numbers.map(expected));
    const refused = results.find((r) => !r.success);
    expect(refused?.error?.issues[0]?.message).toBe('Le numéro de téléphone est invalide.');
  });

  it('once loaded, answers synchronously, as libphonenumber does', async () => {
    await loadPhoneRule();
    expect(numbers.map((n) => phoneField.safeParse(n).success)).toEqual(numbers.map(expected));
    expect(isValidPhone('+33 6 12 34 56 78')).toBe(true);
    expect(isValidPhone('+33 6 12 34')).toBe(false);
    // One load, shared.
    expect(loadPhoneRule()).toBe(loadPhoneRule());
  });
});

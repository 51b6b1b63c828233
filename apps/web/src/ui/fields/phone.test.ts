import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE_COUNTRY, DEFAULT_PHONE_DIAL } from '../constants';
import { dialCode, phoneCountries, phoneError, phoneValidator, phoneValue, searchCountries } from './phone';
import { formatPhone } from './phone-format';

describe('phone numbers', () => {
  it('accepts numbers possible and valid for their country', () => {
    expect(phoneError('06 12 34 56 78', 'FR')).toBeNull();
    expect(phoneError('+33 6 12 34 56 78', 'FR')).toBeNull();
    expect(phoneError('+32 470 12 34 56', 'FR')).toBeNull();
    expect(phoneError('', 'FR')).toBeNull();
  });

  it('names the four error kinds', () => {
    expect(phoneError('abc', 'FR')).toBe('NOT_A_NUMBER');
    expect(phoneError('1', 'FR')).toBe('TOO_SHORT');
    expect(phoneError('0612345678901234567890', 'FR')).toBe('TOO_LONG');
    expect(phoneError('+999 123', 'FR')).toBe('INVALID_COUNTRY');
    expect(phoneError('0612', undefined)).toBe('INVALID_COUNTRY');
  });

  it('refuses a number that parses but is not valid for the country', () => {
    expect(phoneError('06 12 34', 'FR')).not.toBeNull();
    expect(phoneError('01 00 00 00 00 0', 'FR')).not.toBeNull();
  });

  it('refuses input longer than 250 characters', () => {
    expect(phoneError(`06 12 34 56 78${' '.repeat(240)}`, 'FR')).toBe('TOO_LONG');
  });

  it('validates with the spec’s message', () => {
    const validator = phoneValidator(() => 'FR');
    expect(validator.check('06 12', {})).toBe('Le numéro de téléphone est invalide.');
    expect(validator.check('06 12 34 56 78', {})).toBeNull();
    expect(validator.check('', {})).toBeNull();
  });

  it('gives international number, national number, country code and mask', () => {
    expect(phoneValue('0612345678', 'FR')).toEqual({
      international: '+33 6 12 34 56 78',
      national: '06 12 34 56 78',
      countryCode: 'FR',
      mask: '99 99 99 99 99',
    });
    expect(phoneValue('+32 470 12 34 56', 'FR')?.countryCode).toBe('BE');
    expect(phoneValue('  ', 'FR')).toBeNull();
  });

  it('lists countries with French name, native name, flag and dial code, searchable by any', () => {
    const france = phoneCountries().find((c) => c.code === 'FR');
    expect(france).toEqual({ code: 'FR', name: 'France', native: 'France', emoji: '🇫🇷', dial: '+33' });
    const germany = phoneCountries().find((c) => c.code === 'DE');
    expect(germany).toMatchObject({ name: 'Allemagne', native: 'Deutschland', dial: '+49' });
    expect(searchCountries('allemagne').map((c) => c.code)).toEqual(['DE']);
    expect(searchCountries('deutschland').map((c) => c.code)).toEqual(['DE']);
    expect(searchCountries('+49').map((c) => c.code)).toContain('DE');
    expect(searchCountries('de').map((c) => c.code)).toContain('DE');
  });

  it('shows the default country’s dial code before the library arrives: the library’s own', () => {
    expect(dialCode(DEFAULT_PHONE_COUNTRY)).toBe(DEFAULT_PHONE_DIAL);
    expect(dialCode('BE')).toBe('+32');
  });
});

describe('formatPhone', () => {
  it('shows a stored international number grouped, and anything else as written', () => {
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('n/a')).toBe('n/a');
    expect(formatPhone(null)).toBe('');
  });
});

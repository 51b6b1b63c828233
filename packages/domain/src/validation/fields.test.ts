import { describe, expect, it } from 'vitest';
import { reportPayloadSchema } from '../reports/schemas';
import { collectivitySettingsSchema } from '../settings/schemas';
import { emailField, isWellFormed, optionalText, safeString, text } from './fields';
import { validationMessages as m } from './messages';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('ill-formed Unicode', () => {
  it('tells a lone surrogate from a pair', () => {
    expect(isWellFormed('Gîte 🏡')).toBe(true);
    expect(isWellFormed('\uD83C\uDFE1')).toBe(true);
    expect(isWellFormed('\uD800')).toBe(false);
    expect(isWellFormed('a\uDC00b')).toBe(false);
    expect(isWellFormed('\uDFE1\uD83C')).toBe(false);
    expect(isWellFormed('🏡\uD83C')).toBe(false);
  });

  it.each([
    ['safeString', safeString()],
    ['text', text({ max: 50 })],
    ['optionalText', optionalText(50)],
    ['emailField', emailField],
  ])('%s refuses a lone surrogate with the French message', (_name, schema) => {
    for (const value of ['\uD800', 'Dupont\uDC00', 'a\uDBFFb']) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(firstMessage(result)).toBe(m.malformedText());
    }
  });

  it('a text with emoji and accents still passes', () => {
    expect(text({ max: 50 }).parse(' Gîte 🏡👨‍👩‍👧 ')).toBe('Gîte 🏡👨‍👩‍👧');
  });

  it('every text field of the public report and of the collectivity settings refuses it', () => {
    const report = reportPayloadSchema.safeParse({ firstname: '\uD800' });
    expect(report.error?.issues.find((i) => i.path[0] === 'firstname')?.message).toBe(m.malformedText());
    const settings = collectivitySettingsSchema.safeParse({ name: 'Ville\uD800' });
    expect(settings.error?.issues.find((i) => i.path[0] === 'name')?.message).toBe(m.malformedText());
  });
});

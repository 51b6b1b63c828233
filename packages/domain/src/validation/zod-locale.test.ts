import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../index';
import { establishmentListQuerySchema } from '../establishments/schemas';
import { resumeQuerySchema } from '../resume/schemas';
import { intField, PG_INT_MAX } from './fields';
import { validationMessages as m } from './messages';

const firstMessage = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('bounds zod states itself read like the catalogue', () => {
  it('a number above or below an inclusive bound', () => {
    expect(firstMessage(z.number().max(PG_INT_MAX), 2147483648)).toBe(
      'Veuillez sélectionner une valeur inférieure ou égale à 2147483647.',
    );
    expect(firstMessage(z.number().min(3), 2)).toBe(m.min(3));
  });

  it('an exclusive bound on a whole number is the next whole number', () => {
    expect(firstMessage(z.number().int().positive(), 0)).toBe(m.min(1));
    expect(firstMessage(z.number().int().lt(10), 10)).toBe(m.max(9));
  });

  it('a whole number expected, or one beyond the safe integers', () => {
    expect(firstMessage(z.number().int(), 1.5)).toBe(m.integer());
    expect(firstMessage(z.number().int(), 1e20)).toBe(m.number());
  });

  it('string lengths', () => {
    expect(firstMessage(z.string().max(3), 'abcd')).toBe(m.maxLength(3, 4));
    expect(firstMessage(z.string().min(3), 'ab')).toBe(m.minLength(3, 2));
    expect(firstMessage(z.string().min(1), '')).toBe(m.required());
  });

  it('on request schemas: filters and ids', () => {
    expect(firstMessage(resumeQuerySchema, { year: '2026', semester: '1', offset: '2147483648' })).toBe(
      m.max(PG_INT_MAX),
    );
    expect(firstMessage(establishmentListQuerySchema, { city: 'x'.repeat(101) })).toBe(m.maxLength(100, 101));
    expect(firstMessage(establishmentListQuerySchema, { userId: '2147483648' })).toBe(m.max(PG_INT_MAX));
    expect(firstMessage(establishmentListQuerySchema, { city: 'a\u0000b' })).toBe(m.forbiddenCharacter());
    expect(firstMessage(establishmentListQuerySchema, { cp: '\u0000' })).toBe(m.forbiddenCharacter());
    expect(firstMessage(z.object({ id: intField({ min: 1 }) }), {})).toBe(m.required());
  });
});

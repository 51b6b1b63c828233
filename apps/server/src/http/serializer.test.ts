import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compile, createResponseSerializerCompiler } from './serializer';

const declaration = z.object({
  id: z.number().int(),
  label: z.string(),
  note: z.string().nullable(),
  period: z.object({ year: z.number().int(), month: z.number().int() }).nullable(),
  tariffs: z
    .union([
      z.object({ cc: z.number().int(), moselle: z.number().int() }),
      z.object({ bands: z.array(z.object({ unit: z.number().int() })) }),
    ])
    .nullable(),
  email: z.union([z.literal(''), z.email()]),
});
const envelope = z.object({ success: z.literal(true), data: z.array(declaration) });

const rows = [
  {
    id: 1,
    label: 'Gîte « l’Étang »\n"quoted"',
    note: null,
    period: { year: 2026, month: 3, secret: 'dropped' },
    tariffs: { cc: 120, moselle: 12, extra: 'dropped' },
    email: '',
    passwordHash: 'never written',
  },
  { id: 2, label: 'B', note: 'n', period: null, tariffs: { bands: [{ unit: 3, x: 1 }] }, email: 'a@b.fr' },
  { id: 3, label: 'C', note: null, period: null, tariffs: null, email: 'c@d.fr' },
];

function serializer(schema: z.ZodType, checkContract: boolean) {
  const fallbacks: string[] = [];
  const build = createResponseSerializerCompiler({
    checkContract,
    onFallback: (f) => fallbacks.push(f.reason),
  });
  const write = build({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);
  return { write, fallbacks };
}

describe('compiled response serialiser', () => {
  it('writes what zod + JSON.stringify write: unknown properties dropped, unions and nulls kept', () => {
    const compiled = compile(envelope);
    expect(typeof compiled).toBe('function');
    const written = (compiled as (d: unknown) => string)({ success: true, data: rows });
    expect(JSON.parse(written)).toEqual(envelope.parse({ success: true, data: rows }));
    expect(written).not.toContain('dropped');
    expect(written).not.toContain('never written');
  });

  it('falls back to zod for a schema JSON Schema cannot express', () => {
    const { write, fallbacks } = serializer(z.object({ at: z.date() }), false);
    expect(fallbacks).toHaveLength(1);
    expect(JSON.parse(write({ at: new Date('2026-03-15T10:00:00Z') }))).toEqual({
      at: '2026-03-15T10:00:00.000Z',
    });
  });

  it('with the contract check, an answer that drifts from its contract fails instead of being coerced', () => {
    const checked = serializer(envelope, true).write;
    expect(JSON.parse(checked({ success: true, data: rows })).data).toHaveLength(3);
    const drifted = { success: true, data: [{ ...rows[2], id: '3' }] };
    expect(() => checked(drifted)).toThrow();
    // Without the check the compiled serialiser alone would have written it, coerced.
    expect(() => serializer(envelope, false).write(drifted)).not.toThrow();
  });
});

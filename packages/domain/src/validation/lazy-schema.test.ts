import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from './lazy-schema';

describe('lazySchema', () => {
  it('builds the schema on its first use, once', () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds += 1;
      return z.string().min(2);
    });
    expect(builds).toBe(0);
    expect(schema.parse('ab')).toBe('ab');
    expect(schema.safeParse('a').success).toBe(false);
    expect(builds).toBe(1);
  });

  it('is a zod schema to zod, to instanceof and to in', () => {
    const name = lazySchema(() => z.string().trim().min(1, { error: 'Nom requis' }));
    const person = lazySchema(() => z.object({ name, age: z.number().int().optional() }));
    expect(name instanceof z.ZodType).toBe(true);
    expect('_zod' in person).toBe(true);
    expect(Object.keys(person.shape)).toEqual(['name', 'age']);
    expect(person.parse({ name: '  Léa ' })).toEqual({ name: 'Léa' });
    expect(person.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe('Nom requis');
  });

  it('derives schemas: refine, extend, pick, optional, arrays and unions of stand-ins', () => {
    const base = lazySchema(() => z.object({ from: z.number(), to: z.number() }));
    const period = lazySchema(() => base.refine((p) => p.from <= p.to, { error: 'Période à l’envers' }));
    const named = base.extend({ label: z.string() }).pick({ from: true, label: true });
    const choice = z.union([z.literal('none'), z.array(period).min(1)]).optional();
    expect(period.safeParse({ from: 2, to: 1 }).error?.issues[0]?.message).toBe('Période à l’envers');
    expect(named.parse({ from: 1, label: 'x', to: 3 })).toEqual({ from: 1, label: 'x' });
    expect(choice.parse([{ from: 1, to: 2 }])).toEqual([{ from: 1, to: 2 }]);
    expect(choice.parse(undefined)).toBeUndefined();
    expect(choice.safeParse([{ from: 3, to: 1 }]).success).toBe(false);
  });
});

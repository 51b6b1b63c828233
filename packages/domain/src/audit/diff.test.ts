import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUDIT_SECRET_FIELDS, auditDiff, flattenForAudit, toAuditValue } from './diff';

const record = fc.dictionary(
  fc.oneof(fc.constantFrom(...AUDIT_SECRET_FIELDS), fc.string({ minLength: 1, maxLength: 8 })),
  fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null)),
);

describe('auditDiff', () => {
  it('names exactly the fields that differ, before and after', () => {
    expect(auditDiff({ a: 1, b: 'x', c: null }, { a: 2, b: 'x', d: true })).toEqual({
      a: { from: 1, to: 2 },
      d: { from: null, to: true },
    });
  });

  it('a creation lists the fields filled in, a deletion the fields there were', () => {
    const filled = { name: 'Gîte', cp: null, rooms: 0, city: '', archived: false };
    expect(auditDiff({}, filled)).toEqual({ name: { from: null, to: 'Gîte' } });
    expect(auditDiff(filled, {})).toEqual({ name: { from: 'Gîte', to: null } });
    // Between two states, an emptied field is a change.
    expect(auditDiff({ rooms: 2 }, { rooms: 0 })).toEqual({ rooms: { from: 2, to: 0 } });
  });

  it('never keeps a secret nor bytes, whatever the objects (property)', () => {
    fc.assert(
      fc.property(record, record, (before, after) => {
        const changes = auditDiff(before, after);
        for (const key of Object.keys(changes)) expect(AUDIT_SECRET_FIELDS.has(key)).toBe(false);
        // Same object on both sides: nothing changed.
        expect(auditDiff(before, { ...before })).toEqual({});
      }),
    );
  });

  it('nested secrets and bytes are dropped from values too', () => {
    expect(toAuditValue({ filename: 'a.pdf', data: new Uint8Array([120]), passwordHash: 'h' })).toEqual({
      filename: 'a.pdf',
    });
    expect(toAuditValue(new Uint8Array([1, 2]))).toBeNull();
  });
});

describe('flattenForAudit', () => {
  it('names nested values by their path, so a diff points at the one that changed', () => {
    const before = flattenForAudit({ rows: { HOTEL_3: { tariff: 150 }, NONE: { rate: 500 } } });
    const after = flattenForAudit({ rows: { HOTEL_3: { tariff: 160 }, NONE: { rate: 500 } } });
    expect(auditDiff(before, after)).toEqual({ 'rows.HOTEL_3.tariff': { from: 150, to: 160 } });
  });
});

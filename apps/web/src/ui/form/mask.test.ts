import { describe, expect, it } from 'vitest';
import { applyMask, maskValue } from './mask';

describe('input masks', () => {
  it('9 takes digits only', () => {
    expect(applyMask('0612345678', '99 99 99 99 99')).toEqual({
      masked: '06 12 34 56 78',
      raw: '0612345678',
      complete: true,
    });
    expect(applyMask('06a12', '99 99 99 99 99').masked).toBe('06 12');
  });

  it('A takes letters (accented too), ? letters or digits', () => {
    expect(applyMask('ab12', 'AA-99').masked).toBe('ab-12');
    expect(applyMask('1é', 'AA').masked).toBe('é');
    expect(applyMask('a1-b', '???').masked).toBe('a1b');
  });

  it('8 takes numeric characters, * anything', () => {
    expect(applyMask('-1,5x', '8888').masked).toBe('-1,5');
    expect(applyMask('a #', '***').masked).toBe('a #');
  });

  it('adds the mask’s characters only before a following typed character', () => {
    expect(applyMask('12', '99/99').masked).toBe('12');
    expect(applyMask('123', '99/99').masked).toBe('12/3');
    expect(applyMask('12/3', '99/99').masked).toBe('12/3');
  });

  it('cuts what goes beyond the mask and tells when it is complete', () => {
    expect(applyMask('123456', '99/99')).toEqual({ masked: '12/34', raw: '1234', complete: true });
    expect(applyMask('1', '99/99').complete).toBe(false);
  });

  it('keeps or strips the mask in the value', () => {
    expect(maskValue('57000', '99 999', true)).toBe('57 000');
    expect(maskValue('57000', '99 999', false)).toBe('57000');
    // A stripped value shown again gets its mask back.
    expect(applyMask('57000', '99 999').masked).toBe('57 000');
  });
});

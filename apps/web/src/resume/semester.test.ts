import { describe, expect, it } from 'vitest';
import { defaultSemester, semesterFromSearch } from './semester';

describe('the semester shown', () => {
  it('defaults to the last finished semester', () => {
    expect(defaultSemester(new Date(2026, 2, 15))).toEqual({ year: 2025, semester: 2 });
    expect(defaultSemester(new Date(2026, 6, 1))).toEqual({ year: 2026, semester: 1 });
    expect(defaultSemester(new Date(2026, 11, 31))).toEqual({ year: 2026, semester: 1 });
  });

  it('reads the address and falls back on what is wrong', () => {
    const today = new Date(2026, 8, 1);
    expect(semesterFromSearch(new URLSearchParams('year=2025&semester=2'), today)).toEqual({
      year: 2025,
      semester: 2,
    });
    expect(semesterFromSearch(new URLSearchParams('year=abc&semester=3'), today)).toEqual({
      year: 2026,
      semester: 1,
    });
  });
});

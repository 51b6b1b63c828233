/** The semester shown by default: the last one finished on `today` (the one whose notices are due). */
export function defaultSemester(today: Date): { year: number; semester: 1 | 2 } {
  const year = today.getFullYear();
  return today.getMonth() < 6 ? { year: year - 1, semester: 2 } : { year, semester: 1 };
}

/** Year and semester from the address (`?year=2026&semester=1`), the default for what is missing or wrong. */
export function semesterFromSearch(search: URLSearchParams, today: Date): { year: number; semester: 1 | 2 } {
  const fallback = defaultSemester(today);
  const year = Number(search.get('year'));
  const semester = Number(search.get('semester'));
  return {
    year: Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : fallback.year,
    semester: semester === 1 || semester === 2 ? semester : fallback.semester,
  };
}

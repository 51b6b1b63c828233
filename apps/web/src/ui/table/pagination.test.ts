import { describe, expect, it } from 'vitest';
import { type PageItem, paginationItems } from './pagination';

/** 1 2 …5 8 9 [10] 11 12 …15 19 20 */
function show(items: PageItem[]): string {
  return items.map((i) => (i.type === 'page' ? String(i.page) : `…${i.target}`)).join(' ');
}

describe('pagination (2 end pages, 2 neighbours, ellipsis jumping 5)', () => {
  it('shows every page when they all fit', () => {
    expect(show(paginationItems(1, 1))).toBe('1');
    expect(show(paginationItems(4, 7))).toBe('1 2 3 4 5 6 7');
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it('puts an ellipsis in each gap, jumping 5 pages from the current one', () => {
    expect(show(paginationItems(10, 20))).toBe('1 2 …5 8 9 10 11 12 …15 19 20');
  });

  it('at the start: only a forward ellipsis', () => {
    expect(show(paginationItems(1, 20))).toBe('1 2 3 …6 19 20');
    expect(show(paginationItems(3, 20))).toBe('1 2 3 4 5 …8 19 20');
  });

  it('at the end: only a backward ellipsis', () => {
    expect(show(paginationItems(20, 20))).toBe('1 2 …15 18 19 20');
  });

  it('never jumps outside the pages', () => {
    const items = paginationItems(17, 20);
    expect(show(items)).toBe('1 2 …12 15 16 17 18 19 20');
    expect(show(paginationItems(6, 50))).toBe('1 2 3 4 5 6 7 8 …11 49 50');
    expect(show(paginationItems(48, 50))).toBe('1 2 …43 46 47 48 49 50');
  });

  it('shows a single missing page rather than an ellipsis', () => {
    // Pages 1 2 · 4 5 6 7 8: the gap is page 3 alone.
    expect(show(paginationItems(6, 10))).toBe('1 2 3 4 5 6 7 8 9 10');
    // 1 2 · · 5 6 [7] 8 9 · 11 12: pages 3–4 become an ellipsis, page 10 alone is shown.
    expect(show(paginationItems(7, 12))).toBe('1 2 …2 5 6 7 8 9 10 11 12');
  });

  it('clamps a current page out of range', () => {
    expect(show(paginationItems(99, 20))).toBe(show(paginationItems(20, 20)));
  });
});

import { describe, expect, it } from 'vitest';
import { ariaSort, nextSorting, sortingFromParam, sortingToParam } from './sorting';

describe('sort cycle', () => {
  it('without multi-sort: ascending, descending, ascending again', () => {
    const first = nextSorting([], 'name', false);
    expect(first).toEqual([{ id: 'name', desc: false }]);
    const second = nextSorting(first, 'name', false);
    expect(second).toEqual([{ id: 'name', desc: true }]);
    expect(nextSorting(second, 'name', false)).toEqual([{ id: 'name', desc: false }]);
  });

  it('without multi-sort, another column replaces the sort', () => {
    expect(nextSorting([{ id: 'name', desc: true }], 'city', false)).toEqual([{ id: 'city', desc: false }]);
  });

  it('with multi-sort: ascending, descending, then removed', () => {
    const first = nextSorting([], 'name', true);
    const second = nextSorting(first, 'name', true);
    expect(second).toEqual([{ id: 'name', desc: true }]);
    expect(nextSorting(second, 'name', true)).toEqual([]);
  });

  it('with multi-sort, columns add up in click order and keep their place', () => {
    let sorting = nextSorting([], 'name', true);
    sorting = nextSorting(sorting, 'city', true);
    expect(sorting).toEqual([
      { id: 'name', desc: false },
      { id: 'city', desc: false },
    ]);
    sorting = nextSorting(sorting, 'name', true);
    expect(sorting).toEqual([
      { id: 'name', desc: true },
      { id: 'city', desc: false },
    ]);
    expect(nextSorting(sorting, 'name', true)).toEqual([{ id: 'city', desc: false }]);
  });

  it('aria-sort follows the state', () => {
    expect(ariaSort([], 'name')).toBe('none');
    expect(ariaSort([{ id: 'name', desc: false }], 'name')).toBe('ascending');
    expect(ariaSort([{ id: 'name', desc: true }], 'name')).toBe('descending');
  });

  it('round-trips the API `sort` parameter and ignores garbage', () => {
    const sorting = [
      { id: 'lastname', desc: false },
      { id: 'createDate', desc: true },
    ];
    expect(sortingToParam(sorting)).toBe('lastname:asc,createDate:desc');
    expect(sortingFromParam('lastname:asc,createDate:desc')).toEqual(sorting);
    expect(sortingFromParam('a:sideways,b,b:desc,:asc')).toEqual([{ id: 'b', desc: false }]);
    expect(sortingFromParam(null)).toEqual([]);
  });
});

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, Providers } from '../../../test/render';
import { type TableState, useTableState } from './useTableState';

function renderState(url: string) {
  return renderHook(() => useTableState({ filters: ['year', 'userId'] }), {
    wrapper: ({ children }) => <Providers url={url}>{children}</Providers>,
  });
}

describe('a list state kept in the URL', () => {
  it('adds up two writes made before the next render (a delayed search, then a filter picked)', () => {
    const { result } = renderState('/declarations?year=2024&q=Verger&page=3');
    const before: TableState = result.current;
    act(() => {
      // Both through the state of the same render, as a debounced search box and a select would.
      before.setFilter('userId', 3);
      before.setSearch('');
    });
    expect(currentUrl()).toBe('/declarations?year=2024&userId=3');
    expect(result.current.filters).toEqual({ year: '2024', userId: '3' });
    expect(result.current.search).toBe('');
  });

  it('starts again from the address after Back or a link', () => {
    const { result } = renderState('/declarations?year=2024');
    act(() => result.current.setFilter('year', 2025));
    act(() => result.current.setPage(2));
    expect(currentUrl()).toBe('/declarations?year=2025&page=2');
    expect(result.current.page).toBe(2);
  });
});

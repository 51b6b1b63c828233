import { PAGINATION_BOUNDARIES, PAGINATION_JUMP, PAGINATION_SIBLINGS } from '../constants';

export type PageItem =
  | { type: 'page'; page: number }
  | { type: 'ellipsis'; direction: 'back' | 'forward'; target: number };

/**
 * The buttons between "Prec." and "Suiv.": the first and last 2 pages, 2 pages each side of the
 * current one, and an ellipsis for each gap that jumps 5 pages towards it. A gap of a single page shows
 * that page instead of an ellipsis. Pages count from 1.
 */
export function paginationItems(
  current: number,
  count: number,
  options: { boundaries?: number; siblings?: number; jump?: number } = {},
): PageItem[] {
  const boundaries = options.boundaries ?? PAGINATION_BOUNDARIES;
  const siblings = options.siblings ?? PAGINATION_SIBLINGS;
  const jump = options.jump ?? PAGINATION_JUMP;
  if (count < 1) return [];
  const page = Math.min(Math.max(current, 1), count);
  const shown = new Set<number>();
  const add = (from: number, to: number) => {
    for (let p = Math.max(from, 1); p <= Math.min(to, count); p += 1) shown.add(p);
  };
  add(1, boundaries);
  add(count - boundaries + 1, count);
  add(page - siblings, page + siblings);

  const pages = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) items.push({ type: 'page', page: p - 1 });
    else if (p - previous > 2) {
      items.push(
        p <= page
          ? { type: 'ellipsis', direction: 'back', target: Math.max(1, page - jump) }
          : { type: 'ellipsis', direction: 'forward', target: Math.min(count, page + jump) },
      );
    }
    items.push({ type: 'page', page: p });
    previous = p;
  }
  return items;
}

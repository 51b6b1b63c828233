import { LIST_ITEM_HEIGHT_PX, LIST_VISIBLE_ITEMS } from '../constants';

/** Height of a list of `count` items, at most 5 of 36 px shown. */
export function listHeight(count: number, visible: number = LIST_VISIBLE_ITEMS): number {
  return Math.max(1, Math.min(count, visible)) * LIST_ITEM_HEIGHT_PX;
}

/**
 * Where a list opens: below its field, unless the room below is too small for it and there is
 * more room above.
 */
export function dropdownSide(
  field: { top: number; bottom: number } | undefined,
  height: number,
  viewportHeight: number = window.innerHeight,
): 'bottom' | 'top' {
  if (!field) return 'bottom';
  const below = viewportHeight - field.bottom;
  const above = field.top;
  return below < height && above > below ? 'top' : 'bottom';
}

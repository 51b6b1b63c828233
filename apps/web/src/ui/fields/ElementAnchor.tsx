import { type Ref, useImperativeHandle } from 'react';

/**
 * Hands a popover (`Combobox.DropdownTarget`) an element its field already shows, instead of an element of
 * its own: a list whose code arrives later is placed against the input or button the person is using,
 * which is never replaced.
 */
export function ElementAnchor<E extends HTMLElement>(props: { element: E; ref?: Ref<E> }) {
  useImperativeHandle(props.ref, () => props.element, [props.element]);
  return null;
}

import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** A screen loads on demand: its heading is awaited this long at most. */
const WAIT_MS = 3000;

/**
 * After a change of screen, the focus goes to the new screen's main heading (inside `container`), so that
 * a keyboard or screen-reader user starts from it rather than from the top of the page. Not on the first
 * screen, which the browser's own focus handles, nor when only the query changes (a table's sort or page).
 */
export function useFocusHeading(container: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs at each change of screen (the path)
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = container.current;
    if (!root) return;
    const focus = (): boolean => {
      const heading = root.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return true;
    };
    if (focus()) return;
    const observer = new MutationObserver(() => {
      if (focus()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, container]);
}

import { useEffect, useState } from 'react';

/**
 * False until the screen this component mounted with has been painted: a read that nobody needs for that
 * first paint (a history below the form) waits for it, so that a phone spends the time before it on what the
 * screen shows first. Without `requestAnimationFrame` (a test's document) it is true at once.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(() => typeof requestAnimationFrame !== 'function');
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callbacks run just before it is painted: a task queued from there runs after the paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

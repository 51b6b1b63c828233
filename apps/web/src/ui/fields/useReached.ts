import { useCallback, useState } from 'react';

/**
 * Whether a `SelectField` was reached yet (its `onReached`): a caller that searches its suggestions on the
 * server enables the search from then on, not with the screen.
 */
export function useReached(): { reached: boolean; onReached: () => void } {
  const [reached, setReached] = useState(false);
  const onReached = useCallback(() => setReached(true), []);
  return { reached, onReached };
}

import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** Runs the fake timers `ms` forward, and the promises they settle (a resolver's, a submit's), inside `act`. */
export async function elapse(ms: number) {
  await act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
}

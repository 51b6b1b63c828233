import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAfterFirstPaint } from './after-paint';

function Probe() {
  return <p>{useAfterFirstPaint() ? 'painted' : 'first paint'}</p>;
}

afterEach(() => vi.useRealTimers());

describe('useAfterFirstPaint', () => {
  it('turns true once the frame after its mount has been painted, not before', async () => {
    vi.useFakeTimers();
    render(<Probe />);
    expect(screen.getByText('first paint')).toBeTruthy();
    // The frame's callbacks have run, the paint has not yet happened: still false.
    await act(async () => void (await vi.advanceTimersToNextFrame()));
    expect(screen.getByText('first paint')).toBeTruthy();
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(screen.getByText('painted')).toBeTruthy();
  });

  it('is true at once where there are no frames (a document that is never painted)', () => {
    vi.stubGlobal('requestAnimationFrame', undefined);
    try {
      render(<Probe />);
      expect(screen.getByText('painted')).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

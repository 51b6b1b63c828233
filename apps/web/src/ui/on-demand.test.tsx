import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { onDemand, onDemandComponent } from './on-demand';

describe('onDemand', () => {
  it('downloads once for every caller, and has the module at hand once it arrived', async () => {
    let downloads = 0;
    const module = onDemand(async () => {
      downloads++;
      return { name: 'calendar' };
    });
    expect(module.loaded()).toBeUndefined();
    const [a, b] = await Promise.all([module.load(), module.load()]);
    expect(a).toBe(b);
    expect(downloads).toBe(1);
    expect(module.loaded()).toBe(a);
  });

  it('tries a failed download again at the next call', async () => {
    let attempts = 0;
    const module = onDemand(async () => {
      attempts++;
      if (attempts === 1) throw new Error('offline');
      return 'ready';
    });
    await expect(module.load()).rejects.toThrow('offline');
    expect(module.loaded()).toBeUndefined();
    await expect(module.load()).resolves.toBe('ready');
    expect(attempts).toBe(2);
  });
});

/** A component that counts its clicks: its state shows whether it was remounted. */
function Counter(props: { label: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks((n) => n + 1)}>
      {props.label} {clicks}
    </button>
  );
}

describe('onDemandComponent', () => {
  it('renders at once, without its boundary’s fallback, a component whose module has arrived', async () => {
    const module = onDemand(async () => ({ Counter }));
    await module.load();
    const Shown = onDemandComponent(module, (m) => m.Counter);
    render(
      <Suspense fallback={<p>Chargement…</p>}>
        <Shown label="Clics" />
      </Suspense>,
    );
    // In the very commit of the first render: no fallback was ever put in the page.
    expect(screen.getByRole('button', { name: 'Clics 0' })).toBeInTheDocument();
    expect(screen.queryByText('Chargement…')).not.toBeInTheDocument();
  });

  it('shows the boundary’s fallback while the module downloads, then the component, kept once there', async () => {
    let arrive: (value: { Counter: typeof Counter }) => void = () => {};
    const module = onDemand(() => new Promise<{ Counter: typeof Counter }>((resolve) => (arrive = resolve)));
    const Shown = onDemandComponent(module, (m) => m.Counter);
    const view = render(
      <Suspense fallback={<p>Chargement…</p>}>
        <Shown label="Clics" />
      </Suspense>,
    );
    expect(screen.getByText('Chargement…')).toBeInTheDocument();
    await act(async () => arrive({ Counter }));
    const button = await screen.findByRole('button', { name: 'Clics 0' });
    act(() => button.click());
    // Rendered again now that the module is at hand: the same component, its state kept (not remounted).
    view.rerender(
      <Suspense fallback={<p>Chargement…</p>}>
        <Shown label="Clics" />
      </Suspense>,
    );
    expect(screen.getByRole('button', { name: 'Clics 1' })).toBeInTheDocument();
  });
});

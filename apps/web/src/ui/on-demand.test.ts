import { describe, expect, it } from 'vitest';
import { onDemand } from './on-demand';

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

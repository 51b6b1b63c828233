import { describe, expect, it } from 'vitest';
import { useApp } from './fixture';

/** `ask-reset-password` must not tell by its timing whether an account exists. */

const t = useApp({ mail: true });

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return ((sorted[9] ?? 0) + (sorted[10] ?? 0)) / 2;
};

describe('ask-reset-password timing', () => {
  it('answers an existing and an unknown account in the same time (medians of 20)', async () => {
    const existing: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 20; i++) {
      // A fresh account each time, so that no per-account limit spares the work of a real mail.
      const user = await t.createUser({ role: 'host' });
      for (const [name, samples] of [
        [user.username, existing],
        [`nobody-${i}-here`, unknown],
      ] as const) {
        const started = performance.now();
        const response = await t.call({
          method: 'POST',
          url: '/api/users/ask-reset-password',
          payload: { username: name },
          remoteAddress: `10.77.${i}.${samples === existing ? 1 : 2}`,
        });
        samples.push(performance.now() - started);
        expect(response.json()).toEqual({ success: true, data: null });
      }
      await t.app.mailer.idle();
    }
    const gap = Math.abs(median(existing) - median(unknown));
    expect(gap, `medians ${median(existing)} / ${median(unknown)} ms`).toBeLessThan(
      Math.max(5, 0.25 * median(unknown)),
    );
  }, 120_000);
});

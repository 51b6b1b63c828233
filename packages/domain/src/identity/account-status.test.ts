import { describe, expect, it } from 'vitest';
import { accountStatus } from './account-status';

describe('accountStatus', () => {
  it.each([
    [{ activated: false, disabled: false, archived: false }, 'pending'],
    [{ activated: true, disabled: false, archived: false }, 'active'],
    [{ activated: true, disabled: true, archived: false }, 'disabled'],
    [{ activated: false, disabled: true, archived: false }, 'disabled'],
    [{ activated: false, disabled: true, archived: true }, 'archived'],
    [{ activated: true, disabled: false, archived: true }, 'archived'],
  ] as const)('%o is %s, one state only', (user, status) => {
    expect(accountStatus(user)).toBe(status);
  });
});

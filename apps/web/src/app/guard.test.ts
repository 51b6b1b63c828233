import { describe, expect, it } from 'vitest';
import { isLinkWithToken } from './guard';

describe('the route guard and links', () => {
  it('lets the link pages open with a token in the link, and only them', () => {
    expect(isLinkWithToken('/activate-account', '?token=abc')).toBe(true);
    expect(isLinkWithToken('/reset-password/', '?token=abc')).toBe(true);
    expect(isLinkWithToken('/reset-password', '')).toBe(false);
    expect(isLinkWithToken('/account', '?token=abc')).toBe(false);
  });
});

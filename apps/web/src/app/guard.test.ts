import { describe, expect, it } from 'vitest';
import { isLinkWithToken, isPublicPath } from './guard';

describe('the route guard and links', () => {
  it('lets the link pages open with a token in the link, and only them', () => {
    expect(isLinkWithToken('/activate-account', '?token=abc')).toBe(true);
    expect(isLinkWithToken('/reset-password/', '?token=abc')).toBe(true);
    expect(isLinkWithToken('/reset-password', '')).toBe(false);
    expect(isLinkWithToken('/account', '?token=abc')).toBe(false);
  });

  it('lets anyone open the public pages (PublicForm, PublicFormPro, the simulator), not the report queue', () => {
    for (const path of [
      '/login',
      '/ask-reset-password',
      '/public-form',
      '/public-form-pro/',
      '/simulateur',
    ]) {
      expect(isPublicPath(path), path).toBe(true);
    }
    expect(isPublicPath('/reports')).toBe(false);
    expect(isPublicPath('/home')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { isAdminRole, isHostRole, ROLES } from './roles';

describe('roles', () => {
  it('counts superadmin and admin as admins, host as a host, and no session as neither', () => {
    expect(ROLES.filter(isAdminRole)).toEqual(['superadmin', 'admin']);
    expect(ROLES.filter(isHostRole)).toEqual(['host']);
    expect(isAdminRole(undefined)).toBe(false);
    expect(isHostRole(undefined)).toBe(false);
    expect(isHostRole(null)).toBe(false);
  });
});

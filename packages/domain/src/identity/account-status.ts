/**
 * A person's account has one state at a time, shown as one badge: an archived account is archived whether or
 * not it was ever activated; a disabled one is disabled; otherwise it waits for its activation or is active.
 */
export const ACCOUNT_STATUSES = ['archived', 'disabled', 'pending', 'active'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export function accountStatus(user: {
  activated: boolean;
  disabled: boolean;
  archived: boolean;
}): AccountStatus {
  if (user.archived) return 'archived';
  if (user.disabled) return 'disabled';
  return user.activated ? 'active' : 'pending';
}

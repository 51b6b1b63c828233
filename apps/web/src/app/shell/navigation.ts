import type { Role } from '@sejour/domain';
import { isAdminRole } from '@sejour/domain';

export interface NavEntry {
  /** i18n key (namespace common) or a literal label (establishment names) */
  labelKey?: string;
  label?: string;
  to: string;
  icon: 'home' | 'admins' | 'users' | 'archive' | 'declarations' | 'pricings' | 'resume' | 'establishment';
}

const ADMIN_ENTRIES: NavEntry[] = [
  { labelKey: 'nav.admins', to: '/admins', icon: 'admins' },
  { labelKey: 'nav.users', to: '/users', icon: 'users' },
  { labelKey: 'nav.usersArchive', to: '/users-archive', icon: 'archive' },
  { labelKey: 'nav.declarations', to: '/declarations', icon: 'declarations' },
  { labelKey: 'nav.pricings', to: '/pricings', icon: 'pricings' },
  { labelKey: 'nav.resume', to: '/resume', icon: 'resume' },
];

/**
 * The side bar of spec §2: Home for all; the admin entries for admins; for a host one entry per own
 * establishment. (Previous is a button, not an entry.)
 */
export function sideBarEntries(
  role: Role | undefined,
  ownEstablishments: ReadonlyArray<{ id: number; name: string }>,
) {
  const entries: NavEntry[] = [{ labelKey: 'nav.home', to: '/home', icon: 'home' }];
  if (isAdminRole(role)) return [...entries, ...ADMIN_ENTRIES];
  return [
    ...entries,
    ...ownEstablishments.map(
      (e): NavEntry => ({ label: e.name, to: `/establishments/${e.id}`, icon: 'establishment' }),
    ),
  ];
}

import type { Role } from '@sejour/domain';
import { isAdminRole } from '@sejour/domain';
import { BedDouble, type LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { FeatureManifest } from '../../ui/feature';

export interface NavEntry {
  /** i18n key with its namespace, or a literal label (establishment names) */
  labelKey?: string;
  label?: string;
  to: string;
  icon: LucideIcon;
  badge?: () => Promise<{ default: ComponentType }>;
}

/**
 * The side bar: the features' entries the role may see (the admin entries for admins only), in the order
 * the features are listed; for a host, then one entry per own establishment. (Previous is a button, not an
 * entry.) Only features that exist bring entries, so no entry leads to the not-found page.
 */
export function sideBarEntries(
  features: readonly FeatureManifest[],
  role: Role | undefined,
  ownEstablishments: ReadonlyArray<{ id: number; name: string }>,
): NavEntry[] {
  const admin = isAdminRole(role);
  const entries: NavEntry[] = features
    .flatMap((feature) => feature.sideBar ?? [])
    .filter((entry) => entry.visibleTo === 'everyone' || admin)
    .map(({ labelKey, to, icon, badge }) => ({ labelKey, to, icon, ...(badge ? { badge } : {}) }));
  if (admin) return entries;
  return [
    ...entries,
    ...ownEstablishments.map(
      (e): NavEntry => ({ label: e.name, to: `/establishments/${e.id}`, icon: BedDouble }),
    ),
  ];
}

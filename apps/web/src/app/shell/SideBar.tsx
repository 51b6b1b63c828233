import { NavLink, Stack } from '@mantine/core';
import { ArrowLeft } from 'lucide-react';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { useSession } from '../../session/useSession';
import { features } from '../features';
import { sideBarEntries } from './navigation';
import { useOwnEstablishments } from './useOwnEstablishments';

export function SideBar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useSession();
  const establishments = useOwnEstablishments();
  const entries = sideBarEntries(features, user?.role, establishments);

  return (
    <Stack gap={2}>
      <NavLink
        component="button"
        type="button"
        label={t('nav.previous')}
        leftSection={<ArrowLeft size={18} aria-hidden />}
        onClick={() => {
          onNavigate();
          void navigate(-1);
        }}
      />
      {entries.map((entry) => {
        const Icon = entry.icon;
        const active = pathname === entry.to || pathname.startsWith(`${entry.to}/`);
        return (
          <NavLink
            key={entry.to}
            component={Link}
            to={entry.to}
            label={entry.label ?? t(entry.labelKey ?? '')}
            leftSection={<Icon size={18} aria-hidden />}
            rightSection={entry.badge ? <EntryBadge load={entry.badge} /> : undefined}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}

/** One lazy component per badge loader, made once: a new one at each render would load it again. */
const badges = new Map<() => Promise<{ default: ComponentType }>, LazyExoticComponent<ComponentType>>();
function EntryBadge({ load }: { load: () => Promise<{ default: ComponentType }> }) {
  let Badge = badges.get(load);
  if (!Badge) {
    Badge = lazy(load);
    badges.set(load, Badge);
  }
  return (
    <Suspense fallback={null}>
      <Badge />
    </Suspense>
  );
}

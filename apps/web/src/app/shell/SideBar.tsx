import { NavLink, Stack } from '@mantine/core';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
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
          navigate(-1);
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
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}

import {
  ActionIcon,
  type ActionIconProps,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useTranslation } from '../../i18n';
import { AnimatedIcon } from './AnimatedIcon';

/** Sun in the dark theme, moon in the light one: switches, and the choice is remembered (`colorSchemeManager`). */
export function ThemeToggle(props: ActionIconProps) {
  const { t } = useTranslation('ui');
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const dark = scheme === 'dark';
  return (
    <ActionIcon
      variant="subtle"
      size="lg"
      aria-label={t(dark ? 'theme.toLight' : 'theme.toDark')}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      {...props}
    >
      <AnimatedIcon name={dark ? 'sun' : 'moon'} size={18} />
    </ActionIcon>
  );
}

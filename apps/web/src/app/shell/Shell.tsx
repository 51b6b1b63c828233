import { ActionIcon, Anchor, Burger, Button, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { APP_VERSION, NARROW_SCREEN_MAX_PX } from '@sejour/domain';
import { LogOut, UserRound } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { Link, Outlet, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n';
import { session } from '../../session/session';
import { useSession } from '../../session/useSession';
import { NavigationProgress } from '../../ui/feedback/NavigationProgress';
import { PageLoader } from '../../ui/feedback/PageLoader';
import { ThemeToggle } from '../../ui/icons/ThemeToggle';
import { useFocusHeading } from '../../ui/layout/useFocusHeading';
import { queryClient } from '../query-client';
import classes from './Shell.module.css';
import { SideBar } from './SideBar';
import { startOwnEstablishments } from './useOwnEstablishments';

const MAIN_ID = 'contenu';

export function Shell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const narrow = useMediaQuery(`(max-width: ${NARROW_SCREEN_MAX_PX}px)`) ?? false;
  const [menuOpened, setMenuOpened] = useState(false);
  const main = useRef<HTMLElement>(null);
  useFocusHeading(main);

  const logout = () => {
    session.clear();
    queryClient.clear();
    void navigate('/login', { replace: true });
  };

  return (
    <div className={classes.layout}>
      {/* The first stop of the keyboard: past the top bar and the side bar, to the screen itself. */}
      <a
        href={`#${MAIN_ID}`}
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {t('nav.skipToContent')}
      </a>
      <NavigationProgress />
      <header className={classes.header}>
        <Burger
          className={classes.burger}
          opened={menuOpened}
          onClick={() => setMenuOpened((o) => !o)}
          color="white"
          size="sm"
          aria-label={menuOpened ? t('nav.closeMenu') : t('nav.openMenu')}
          aria-expanded={menuOpened}
          aria-controls="side-bar"
        />
        <Link to="/home" className={classes.logo} aria-label={t('app.logoAlt')}>
          <img src="/logo.svg" alt="" />
          <span>{t('app.name')}</span>
        </Link>
        <ThemeToggle color="white" />
        <Button
          component={Link}
          to="/account"
          className={classes.account}
          variant="subtle"
          color="white"
          leftSection={<UserRound size={18} aria-hidden />}
        >
          {narrow ? t('nav.myAccountShort') : t('nav.myAccount')}
        </Button>
        {narrow ? (
          <ActionIcon variant="subtle" color="white" size="lg" onClick={logout} aria-label={t('nav.logout')}>
            <LogOut size={18} aria-hidden />
          </ActionIcon>
        ) : (
          <Button
            variant="subtle"
            color="white"
            leftSection={<LogOut size={18} aria-hidden />}
            onClick={logout}
          >
            {t('nav.logout')}
          </Button>
        )}
      </header>

      <nav id="side-bar" className={classes.nav} data-opened={menuOpened} aria-label={t('nav.label')}>
        <SideBar onNavigate={() => setMenuOpened(false)} />
      </nav>

      <main id={MAIN_ID} className={classes.main} ref={main} tabIndex={-1}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>

      <footer className={classes.footer}>
        <Anchor component={Link} to="/home" size="sm">
          {t('nav.home')}
        </Anchor>
        <Anchor component={Link} to="/account" size="sm">
          {t('nav.myAccount')}
        </Anchor>
        <Text size="sm" ml="auto">
          {t('footer.version', { version: APP_VERSION })}
        </Text>
        {user && (
          <Text size="sm" data-testid="footer-user">
            {t('footer.connectedAs', { username: user.username, role: t(`roles.${user.role}`) })}
          </Text>
        )}
      </footer>
    </div>
  );
}

Shell.firstReads = startOwnEstablishments;

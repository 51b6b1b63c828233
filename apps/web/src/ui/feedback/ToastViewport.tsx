// Loaded with the first toast (`DeferredToastViewport`): so are their stylesheets.
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_EXIT_MS, TOAST_LIFESPAN_MS } from '../constants';

/**
 * Where toasts appear (bottom right, 5 at most: at the top they covered the top bar's buttons); mount it
 * once, in the app's providers.
 */
export function ToastViewport() {
  return (
    <Notifications
      position="bottom-right"
      limit={5}
      autoClose={TOAST_LIFESPAN_MS}
      transitionDuration={TOAST_EXIT_MS}
      pauseResetOnHover="notification"
    />
  );
}

import { Notifications } from '@mantine/notifications';
import { TOAST_EXIT_MS, TOAST_LIFESPAN_MS } from '../constants';

/** Where toasts appear (top right, 5 at most); mount it once, in the app's providers. */
export function ToastViewport() {
  return (
    <Notifications
      position="top-right"
      limit={5}
      autoClose={TOAST_LIFESPAN_MS}
      transitionDuration={TOAST_EXIT_MS}
      pauseResetOnHover="notification"
    />
  );
}

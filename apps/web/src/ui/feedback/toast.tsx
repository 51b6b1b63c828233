import { notifications } from '@mantine/notifications';
import { CircleAlert, CircleCheck, Info, type LucideIcon, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { t as text } from '../../i18n';
import { TOAST_LIFESPAN_MS } from '../constants';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

const LOOK: Record<ToastKind, { color: string; icon: LucideIcon }> = {
  info: { color: 'sejour', icon: Info },
  success: { color: 'green', icon: CircleCheck },
  warning: { color: 'orange', icon: TriangleAlert },
  error: { color: 'red', icon: CircleAlert },
};

let sequence = 0;

export interface ToastOptions {
  title?: ReactNode;
  /** To replace or hide this toast later. */
  id?: string;
}

/**
 * A toast: lives 5 000 ms; hovering pauses it, leaving starts the 5 000 ms again; a click
 * dismisses it; it takes 0.3 s to disappear (see `ToastViewport`). Returns its id.
 */
export function showToast(kind: ToastKind, message: ReactNode, options: ToastOptions = {}): string {
  sequence += 1;
  const id = options.id ?? `toast-${sequence}`;
  const { color, icon: Icon } = LOOK[kind];
  notifications.show({
    id,
    message,
    title: options.title,
    color,
    icon: <Icon size={18} aria-hidden />,
    autoClose: TOAST_LIFESPAN_MS,
    withCloseButton: true,
    closeButtonProps: { 'aria-label': text('ui:toast.close') },
    onClick: () => notifications.hide(id),
    style: { cursor: 'pointer' },
    'data-toast': kind,
  });
  return id;
}

export const toast = {
  info: (message: ReactNode, options?: ToastOptions) => showToast('info', message, options),
  success: (message: ReactNode, options?: ToastOptions) => showToast('success', message, options),
  warning: (message: ReactNode, options?: ToastOptions) => showToast('warning', message, options),
  error: (message: ReactNode, options?: ToastOptions) => showToast('error', message, options),
  hide: (id: string) => notifications.hide(id),
};

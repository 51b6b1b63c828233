import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { t } from '../../i18n';
import { AnimatedIcon } from '../icons/AnimatedIcon';
import { whenModalsReady } from './ModalViewport';

/**
 * Asks "Êtes-vous sûr de vouloir supprimer cet élément ?" in a modal dialog; resolves true on
 * "Supprimer", false on "Annuler", Escape or closing. Needs the app's `ModalViewport`.
 */
export function confirmDelete(options: { title?: ReactNode; text?: ReactNode } = {}): Promise<boolean> {
  return confirmAction({
    title: options.title ?? t('common:confirmDelete.title'),
    text: options.text ?? t('common:confirmDelete.text'),
    confirmLabel: t('common:actions.delete'),
    danger: true,
  });
}

/**
 * Asks to confirm an action that cannot be undone by its author (mark done, nothing to declare…); resolves
 * true on the confirm button, false on "Annuler", Escape or closing.
 */
export async function confirmAction(options: {
  title: ReactNode;
  text: ReactNode;
  confirmLabel: string;
  danger?: boolean;
}): Promise<boolean> {
  await whenModalsReady();
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: boolean) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    modals.openConfirmModal({
      title: options.title,
      children: <Text size="sm">{options.text}</Text>,
      labels: { confirm: options.confirmLabel, cancel: t('common:actions.cancel') },
      confirmProps: options.danger
        ? { color: 'red', leftSection: <AnimatedIcon name="delete" size={16} /> }
        : {},
      closeButtonProps: { 'aria-label': t('ui:popup.close') },
      centered: true,
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Group, Modal } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import type { PopupProps } from './Popup';

/** Mantine's modal behind `Popup`, downloaded when a popup first opens. */
export function PopupDialog(props: PopupProps) {
  const { t } = useTranslation('ui');
  // Mantine notes the element to give the focus back to when `opened` turns true after mounting: a dialog
  // mounted open (its code has just arrived) would note none, so it mounts closed and opens just after.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <Modal
      opened={mounted && props.opened}
      onClose={props.onClose}
      title={props.title}
      size={props.size}
      centered
      trapFocus
      returnFocus
      closeOnEscape
      closeButtonProps={{ 'aria-label': t('popup.close') }}
    >
      {props.children}
      {props.actions && (
        <Group justify="flex-end" gap="sm" mt="lg">
          {props.actions}
        </Group>
      )}
    </Modal>
  );
}

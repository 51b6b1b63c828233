// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Group, Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n';

export interface PopupProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom right. */
  actions?: ReactNode;
  size?: ModalProps['size'];
}

/** A modal dialog: focus kept inside while open and given back after, Escape and the close button close it. */
export function Popup(props: PopupProps) {
  const { t } = useTranslation('ui');
  return (
    <Modal
      opened={props.opened}
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

import type { ModalProps } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { t } from '../../i18n';
import { onDemand, useOnDemand } from '../on-demand';
import { toast } from './toast';

export interface PopupProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom right. */
  actions?: ReactNode;
  size?: ModalProps['size'];
}

// Mantine's modal (its scroll area, focus trap, scroll lock and overlay: ≈ 10 KiB gzip) comes when a popup
// first opens, not with every screen that has one; few visits open it.
const dialog = onDemand(() => import('./PopupDialog'));

/**
 * A modal dialog: focus kept inside while open and given back after, Escape and the close button close it.
 * Nothing is drawn until it first opens; if the dialog cannot be downloaded, it closes again with a message
 * and the next opening tries again.
 */
export function Popup(props: PopupProps) {
  const { module: loaded, need } = useOnDemand(dialog);
  const { opened, onClose } = props;
  useEffect(() => {
    if (!opened || loaded) return;
    let current = true;
    need().catch(() => {
      if (!current) return;
      toast.error(t('ui:popup.unavailable'));
      onClose();
    });
    return () => {
      current = false;
    };
  }, [opened, loaded, need, onClose]);
  return loaded ? <loaded.PopupDialog {...props} /> : null;
}

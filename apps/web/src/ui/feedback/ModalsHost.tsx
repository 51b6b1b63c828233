// Mantine's stylesheets of the components below, loaded with this module (app/mantine-components.css).
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

/**
 * Mantine's modals provider, loaded on the first confirmation (`ModalViewport`). `onReady` runs once its
 * listeners are there: a child's effects run before its parent's, so the provider's come first.
 */
export function ModalsHost(props: { onReady: () => void }) {
  const { onReady } = props;
  useEffect(() => onReady(), [onReady]);
  return <ModalsProvider />;
}

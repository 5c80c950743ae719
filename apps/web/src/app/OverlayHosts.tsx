import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { modalHostMounted } from '../ui/feedback/modals';

/**
 * Where notifications and the confirmation modals render (AppProviders loads this after the first
 * paint), with the sheets they need: a confirmation can open on the first page, before the
 * complete styles have loaded.
 */
export default function OverlayHosts() {
  useEffect(modalHostMounted, []); // after ModalsProvider's own effects: it listens by now
  return (
    <>
      <Notifications position="bottom-right" limit={3} autoClose={3000} />
      <ModalsProvider />
    </>
  );
}

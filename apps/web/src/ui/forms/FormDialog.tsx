import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A dialog holding one form: the title, and the form (`children`, usually a component built on
 * useZodForm and ModalForm) mounted only while open, so each opening starts afresh. The form's
 * Cancel and its done-callback both call `onClose`.
 */
export function FormDialog({
  opened,
  title,
  onClose,
  size,
  fullScreen,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  size?: string;
  fullScreen?: boolean;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} fullScreen={fullScreen}>
      {opened && children}
    </Modal>
  );
}

import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../api/errors';

export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green' });
}

export function notifyFailure(title: string, error: unknown): void {
  notifications.show({ title, message: errorMessage(error), color: 'red' });
}

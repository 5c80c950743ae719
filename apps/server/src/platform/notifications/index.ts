// Notifications (issue 22, item 12): modules call notify() in their transaction; the queue's
// deliver-notification job tells each person on the channels their preferences choose.
export { notify, type Notice } from './notify';
export { deliverNotificationJob } from './deliver-notification.job';
export { notificationRoutes } from './routes';

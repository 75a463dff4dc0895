export { notifyChannels } from './channels';
export { emailOutbox } from './email-outbox-tables';
export { deliverEmails, emailChannel } from './email-outbox';
export { deliverPush, pushChannel } from './push-outbox';
export { pushOutbox, pushSubscriptions } from './push-tables';
export { notificationRoutes } from './routes/notifications';
export { pushRoutes } from './routes/push';

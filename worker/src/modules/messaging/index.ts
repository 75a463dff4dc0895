export { notifyChannels } from './channels';
export { emailOutbox } from './email-outbox-tables';
export { pushOutbox, pushSubscriptions } from './push-tables';
export { notificationRoutes } from './routes/notifications';
export { pushRoutes } from './routes/push';
export { bookingCalendarRoutes } from './routes/calendar';

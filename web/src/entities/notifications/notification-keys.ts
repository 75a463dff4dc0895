import { bookingKeys } from '@/entities/bookings/booking-keys';

/** Whose notifications: a signed-in guest's own (`mine`) or the staff's alerts (`staff`). */
export type NotificationScope = 'mine' | 'staff';

/**
 * Query keys of the notifications (notifications.ts), in a module of their own: the app's start
 * reads the unread count's key (app/last-known-account.tsx) without the rest.
 */
export const notificationKeys = {
  // A guest's sit under the bookings' keys: a booking change refreshes them too.
  scope: (scope: NotificationScope) =>
    scope === 'mine' ? ([...bookingKeys.notifications(), 'app'] as const) : (['admin', 'alerts'] as const),
  unread: (scope: NotificationScope) => [...notificationKeys.scope(scope), 'unread'] as const,
  pages: (scope: NotificationScope) => [...notificationKeys.scope(scope), 'pages'] as const,
};

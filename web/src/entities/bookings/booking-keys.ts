/**
 * Query keys of the guest's own bookings and notifications (signed in), and of the bookings a
 * guest manages on their page `/booking/<reference>` (with or without an account).
 * Invalidate `bookingKeys.all` after a booking or a cancellation; a change to one managed booking
 * invalidates `bookingKeys.managed(reference)` (or `all`).
 */
export const bookingKeys = {
  all: ['bookings'] as const,
  mine: () => [...bookingKeys.all, 'mine'] as const,
  notifications: () => [...bookingKeys.all, 'notifications'] as const,
  /** Every managed booking (`managed(reference)` below). */
  managedAll: () => [...bookingKeys.all, 'managed'] as const,
  /** One booking's page, by its stored reference ("K7MQ4PX"). */
  managed: (reference: string) => [...bookingKeys.managedAll(), reference] as const,
  /** The bookings granted to this device (the lookup page's list). */
  onThisDevice: () => [...bookingKeys.all, 'on-this-device'] as const,
};

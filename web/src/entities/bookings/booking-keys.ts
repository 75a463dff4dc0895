/**
 * Query keys of the guest's own bookings and notifications (signed in).
 * Invalidate `bookingKeys.all` after a booking or a cancellation.
 */
export const bookingKeys = {
  all: ['bookings'] as const,
  mine: () => [...bookingKeys.all, 'mine'] as const,
  notifications: () => [...bookingKeys.all, 'notifications'] as const,
};

/** Query keys of the back office's bookings (all guests' bookings, staff only). */
export const adminBookingKeys = {
  all: ['admin', 'bookings'] as const,
  list: () => [...adminBookingKeys.all, 'list'] as const,
  notifications: (phone: string) => [...adminBookingKeys.all, 'notifications', phone] as const,
};

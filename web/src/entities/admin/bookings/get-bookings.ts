import { api, readJson } from '@/lib/api-client';

/** GET /api/booking-submissions (staff): every booking, newest first, in the listed shape. */
export function getBookings() {
  return readJson(api['booking-submissions'].$get({ query: {} }));
}

export type AdminBooking = Awaited<ReturnType<typeof getBookings>>[number];

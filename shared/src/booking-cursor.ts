/**
 * Where the next page of the bookings desk's list starts: the last row's `createdAt` (ms) and id,
 * `1732400000000_42` (booking-schemas.ts reads it back). Apart from the schemas, so that the desk's
 * screen reads it without zod (decision 087).
 */
export const bookingCursor = (b: { createdAt: string | Date; id: number }) =>
  `${new Date(b.createdAt).getTime()}_${b.id}`;

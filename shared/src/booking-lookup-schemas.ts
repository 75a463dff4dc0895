import { z } from './zod';
import { bookingReferenceSchema } from './booking-schemas';
import { phoneNumberSchema } from './schemas';

/**
 * Manage my booking without an account: the reference and the phone the
 * booking was made with, as the guest types them (any case, with or without the dash, Arabic-Indic
 * digits), or the token of an e-mail's signed link. The worker and the lookup form check the same.
 */

/** A typed reference: required, at most a line's worth, then 7 characters of the alphabet. */
export const typedBookingReferenceSchema = z
  .string({ error: 'booking_reference_required' })
  .trim()
  .min(1, 'booking_reference_required')
  .max(40, 'booking_reference_invalid')
  .pipe(bookingReferenceSchema);

export const bookingLookupSchema = z.object({
  reference: typedBookingReferenceSchema,
  phoneNumber: phoneNumberSchema,
});
export type BookingLookup = z.infer<typeof bookingLookupSchema>;

/** The `t` of `/booking/<reference>?t=<token>` (modules/bookings/booking-grants.ts makes it). */
export const bookingLinkSchema = z.object({
  reference: typedBookingReferenceSchema,
  token: z
    .string({ error: 'booking_link_invalid' })
    .min(1, 'booking_link_invalid')
    .max(100, 'booking_link_invalid'),
});

/** The reference in a path (`GET /api/bookings/:reference`). */
export const bookingReferenceParamSchema = z.object({ reference: typedBookingReferenceSchema });

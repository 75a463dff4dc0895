import { z } from './zod';
import { bookingRatePlanSchema } from './rate-schemas';
import { isBookingReference, normalizeBookingReference } from './booking-reference';
import { bookingTradeFields } from './company-schemas';
import { emailSchema } from './email-schema';
import { AUTH_RULES, BED_TYPES, BOOKING_STATUSES, MAX_STAY_NIGHTS, SMOKING_TYPES } from './constants';
import { calendarDate, isCalendarDate, wholeNumber } from './date-schemas';
import { toLatinDigits } from './digits';
import { guestCountFields, refineGuests, withGuestCounts } from './guest-counts';
import { nightsBetween } from './money';
import { ROOM_TYPE_CODE } from './room-type-schemas';
import { phoneNumberSchema } from './schemas';

/**
 * Booking requests (guest spec section 5). One schema serves the full booking
 * form, the quick-booking form and staff quick booking; messages are codes
 * translated by each side. Fields the server decides (status, totalPrice,
 * userEmail, isPointsBooking, pointsUsed, paymentMethod, extras) are not read.
 */
export const QUICK_BOOKING_TYPE = 'quick_management';
export const FREE_NIGHT_BOOKING_TYPE = 'free_night';
export const STANDARD_BOOKING_TYPE = 'standard';
/** A booking the assistant made in conversation; the statistics count it as such. */
export const ASSISTANT_BOOKING_TYPE = 'chat_assistant';

/** Digits typed in Arabic-Indic become Latin before any check. */
const latin = (v: unknown) => (typeof v === 'string' ? toLatinDigits(v).trim() : v);

const requiredText = (code: string) => z.preprocess(latin, z.string({ error: code }).min(1, code));

/**
 * The room type a stay names: any well-formed code (the hotel's types are its data, migration
 * 0065); the worker answers 400 `invalid_room_type` for a code no type has.
 */
export const bookingRoomTypeSchema = z
  .string({ error: 'room_type_required' })
  .trim()
  .toLowerCase()
  .regex(ROOM_TYPE_CODE, 'room_type_required');

const bookingRequestObject = z
  .object({
    fullName: requiredText('full_name_required').pipe(
      z.string().min(AUTH_RULES.fullNameMin, 'name_min').max(AUTH_RULES.fullNameMax, 'full_name_max'),
    ),
    phoneNumber: phoneNumberSchema,
    idNumber: requiredText('id_required').pipe(z.string().min(5, 'id_invalid').max(30, 'id_invalid')),
    checkInDate: calendarDate('check_in_required'),
    checkOutDate: calendarDate('check_out_required'),
    roomType: bookingRoomTypeSchema,
    roomNumber: wholeNumber('room_number_invalid')
      .pipe(z.number().min(1, 'room_number_invalid').max(99, 'room_number_invalid'))
      .optional()
      .nullable(),
    /**
     * A numbered room the guest chose in the room list (decision 047): the room's id
     * (`GET /api/room-list`). The booking gets that room for the whole stay or is refused (409
     * numbered_room_taken).
     */
    roomId: wholeNumber('invalid_room')
      .pipe(z.number().min(1, 'invalid_room').max(1e9, 'invalid_room'))
      .optional()
      .nullable(),
    bedType: z.enum(BED_TYPES, { error: 'bed_type_required' }),
    smokingPreference: z.enum(SMOKING_TYPES, { error: 'smoking_required' }),
    /**
     * Adults and children (the room type's limits, 422 `over_occupancy`); `numberOfGuests` is
     * their sum, and alone (an older client) means that many adults. None: two adults.
     */
    ...guestCountFields,
    // An empty e-mail field means no e-mail.
    email: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      emailSchema.optional(),
    ),
    bookingType: z.string().max(40).optional(),
    /**
     * The guest wants the stay's updates on WhatsApp (confirmation, pre-arrival, payment link,
     * invoice, review request): kept with its time and source per phone; nothing is sent without it.
     */
    whatsappOptIn: z.boolean({ error: 'invalid_whatsapp_opt_in' }).optional(),
    /** The rate plan (GET /api/rate-plans) the stay is sold under; `standard` when not named. */
    ratePlan: bookingRatePlanSchema,
    /**
     * A walk-in booked at the desk by staff starts approved (the receptionist does not approve
     * their own booking in a second step); the desk form may choose pending instead. Read only
     * for a staff quick booking: anyone else's request is pending whatever this says.
     */
    deskStatus: z.enum(['approved', 'pending'], { error: 'invalid_status' }).optional(),
    /**
     * The company and travel agent the booking is for, how it came (phone, walk-in, e-mail) and
     * its segment: read only for a staff quick booking (the guest's own channels set theirs).
     */
    ...bookingTradeFields,
  })
  .superRefine((b, ctx) => {
    if (!isCalendarDate(b.checkInDate) || !isCalendarDate(b.checkOutDate)) return;
    const nights = nightsBetween(b.checkInDate, b.checkOutDate);
    if (nights < 1)
      ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: 'check_out_after_check_in' });
    else if (nights > MAX_STAY_NIGHTS)
      ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: 'stay_too_long' });
  })
  .superRefine(refineGuests);

/**
 * The request with its guests filled in (`numberOfGuests`, `adults`, `children`, each a number).
 * `shape` is the object's fields, for checking one field alone (the assistant's questions).
 */
export const bookingRequestSchema = Object.assign(bookingRequestObject.transform(withGuestCounts), {
  shape: bookingRequestObject.shape,
});
export type BookingRequest = z.infer<typeof bookingRequestSchema>;

export const bookingStatusSchema = z.object({
  status: z.enum(BOOKING_STATUSES, { error: 'invalid_status' }),
  reason: z.multilineString().trim().max(500).optional(),
});

/** The most bookings one page of the desk's list carries (and the whole answer without `limit`). */
export const BOOKING_PAGE_MAX = 500;

// Where the next page starts: in booking-cursor.ts, which has no schema, so that the bookings desk
// reads it without zod (decision 087).
export { bookingCursor } from './booking-cursor';

export const bookingListQuerySchema = z.object({
  /** One status, or several separated by commas (a tab of the desk: `approved,confirmed`). */
  status: z
    .string()
    .transform((v) => v.split(','))
    .pipe(
      z
        .array(z.enum(BOOKING_STATUSES, { error: 'invalid_status' }))
        .min(1, 'invalid_status')
        .max(BOOKING_STATUSES.length, 'invalid_status'),
    )
    .optional(),
  /** Stays that overlap these dates (check-out after `from`, check-in on or before `to`). */
  from: calendarDate().optional(),
  to: calendarDate().optional(),
  q: z.string().trim().max(100).optional(),
  /** A page, newest first: at most `limit` rows, after `cursor` (keyset, read along an index). */
  limit: wholeNumber('invalid_limit')
    .pipe(z.number().min(1, 'invalid_limit').max(BOOKING_PAGE_MAX, 'invalid_limit'))
    .optional(),
  cursor: z
    .string()
    .regex(/^\d{1,15}_\d{1,12}$/, 'invalid_cursor')
    .optional(),
});
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;

/** A typed reference, normalised; refused unless it is 7 characters of the alphabet. */
export const bookingReferenceSchema = z
  .string()
  .transform(normalizeBookingReference)
  .refine(isBookingReference, { error: 'booking_reference_invalid' });

/**
 * PATCH /api/booking-submissions/:id: what a guest changes of their own
 * booking, each field left out staying as it is. Digits typed in Arabic-Indic are read as
 * elsewhere. The server checks the stay the change makes (dates in order, at most
 * MAX_STAY_NIGHTS, not in the past, something actually changing) against the booking itself.
 */
export const bookingChangeSchema = z
  .strictObject(
    {
      checkInDate: calendarDate('check_in_required').optional(),
      checkOutDate: calendarDate('check_out_required').optional(),
      // What is left out stays the booking's (the worker adds them up; only numberOfGuests: adults).
      ...guestCountFields,
      roomType: bookingRoomTypeSchema.optional(),
      bedType: z.enum(BED_TYPES, { error: 'bed_type_required' }).optional(),
      smokingPreference: z.enum(SMOKING_TYPES, { error: 'smoking_required' }).optional(),
    },
    { error: 'unknown_field' },
  )
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'no_change' });
export type BookingChange = z.infer<typeof bookingChangeSchema>;

/** The limits of a staff edit (the notes' length, the largest price typed by hand). */
export const STAFF_EDIT_RULES = {
  notesMax: 1000,
  overrideReasonMax: 300,
  priceOverrideMaxBaisa: 100_000_000,
};

/**
 * PATCH /api/admin/booking-submissions/:id: what staff change of any open booking, each field
 * left out staying as it is. A price override (`priceOverrideBaisa`, the stay's total in baisa; 0:
 * complimentary; null: back to the offers' price) needs its reason and a manager, which the server
 * checks. `roomId` moves the stay to that room in the same request (the answer to a 409
 * `room_taken`, which lists the free ones). Digits typed in Arabic-Indic are read as elsewhere.
 */
export const staffBookingEditSchema = z
  .strictObject(
    {
      checkInDate: calendarDate('check_in_required').optional(),
      checkOutDate: calendarDate('check_out_required').optional(),
      fullName: requiredText('full_name_required')
        .pipe(z.string().min(AUTH_RULES.fullNameMin, 'name_min').max(AUTH_RULES.fullNameMax, 'full_name_max'))
        .optional(),
      phoneNumber: phoneNumberSchema.optional(),
      ...guestCountFields,
      roomType: bookingRoomTypeSchema.optional(),
      notes: z
        .preprocess(
          (v) => (typeof v === 'string' ? v.trim() : v),
          z
            .multilineString({ error: 'booking_notes_too_long' })
            .max(STAFF_EDIT_RULES.notesMax, 'booking_notes_too_long'),
        )
        .optional(),
      priceOverrideBaisa: wholeNumber('price_override_invalid')
        .pipe(
          z
            .number()
            .min(0, 'price_override_invalid')
            .max(STAFF_EDIT_RULES.priceOverrideMaxBaisa, 'price_override_invalid'),
        )
        .nullable()
        .optional(),
      overrideReason: z
        .preprocess(
          (v) => (typeof v === 'string' ? v.trim() : v),
          z
            .multilineString({ error: 'override_reason_required' })
            .max(STAFF_EDIT_RULES.overrideReasonMax, 'override_reason_too_long'),
        )
        .optional(),
      roomId: wholeNumber('invalid_room')
        .pipe(z.number().min(1, 'invalid_room').max(1e9, 'invalid_room'))
        .optional(),
      /** The company and travel agent (null: none), how the booking came and its segment. */
      ...bookingTradeFields,
    },
    { error: 'unknown_field' },
  )
  .superRefine((b, ctx) => {
    if (Object.values(b).every((v) => v === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: 'no_change' });
    if (typeof b.priceOverrideBaisa === 'number' && !b.overrideReason)
      ctx.addIssue({ code: 'custom', path: ['overrideReason'], message: 'override_reason_required' });
    if (b.checkInDate && b.checkOutDate && isCalendarDate(b.checkInDate) && isCalendarDate(b.checkOutDate)) {
      const nights = nightsBetween(b.checkInDate, b.checkOutDate);
      if (nights < 1)
        ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: 'check_out_after_check_in' });
      else if (nights > MAX_STAY_NIGHTS)
        ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: 'stay_too_long' });
    }
  });
export type StaffBookingEdit = z.infer<typeof staffBookingEditSchema>;

/**
 * GET /api/admin/booking-submissions/:id/quote: the stay the Edit stay dialog shows, priced on the
 * booking's own plan as staff's edit would be (no restriction judged, an arrival in the past
 * allowed for a stay in house). Digits typed in Arabic-Indic are read.
 */
export const staffStayQuoteSchema = z
  .object({
    checkInDate: calendarDate('check_in_required'),
    checkOutDate: calendarDate('check_out_required'),
    roomType: bookingRoomTypeSchema,
    ...guestCountFields,
  })
  .superRefine((q, ctx) => {
    // The guests the dialog shows: what it leaves out is the booking's (the worker adds them up).
    if (q.numberOfGuests === undefined && q.adults === undefined && q.children === undefined)
      ctx.addIssue({ code: 'custom', path: ['numberOfGuests'], message: 'guests_range' });
    if (!isCalendarDate(q.checkInDate) || !isCalendarDate(q.checkOutDate)) return;
    const nights = nightsBetween(q.checkInDate, q.checkOutDate);
    if (nights < 1)
      ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: 'check_out_after_check_in' });
    else if (nights > MAX_STAY_NIGHTS)
      ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: 'stay_too_long' });
  });
export type StaffStayQuote = z.infer<typeof staffStayQuoteSchema>;

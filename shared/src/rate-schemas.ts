import { z } from 'zod';
import { MAX_GUESTS, MAX_STAY_NIGHTS, MIN_GUESTS, type ROOM_TYPES } from './constants';
import { calendarDate, isCalendarDate, wholeNumber } from './date-schemas';
import { hotelToday } from './dates';
import { nightsBetween } from './money';
import { RATE_RULES, STANDARD_RATE_PLAN } from './rates';
import { roomTypeSchema } from './schemas';

/** A plan's code as the API takes it: lower-case letters, digits and `_`, a letter first. */
export const ratePlanCodeSchema = z
  .string({ error: 'rate_plan_unknown' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_]*$/, 'rate_plan_code_invalid')
  .max(RATE_RULES.codeMax, 'rate_plan_code_invalid');

/** The plan a booking or a quote names (default `standard`). */
export const bookingRatePlanSchema = z
  .string({ error: 'rate_plan_unknown' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, 'rate_plan_unknown')
  .default(STANDARD_RATE_PLAN);

const guests = wholeNumber('guests_range').pipe(
  z.number().min(MIN_GUESTS, 'guests_range').max(MAX_GUESTS, 'guests_range'),
);

/**
 * GET /api/quote?roomType&ratePlan&checkInDate&checkOutDate&numberOfGuests: the stay's nightly
 * prices on the plan, or 422 with the restriction that refuses it.
 */
export const quoteQuerySchema = z
  .object({
    roomType: roomTypeSchema,
    ratePlan: bookingRatePlanSchema,
    checkInDate: calendarDate('check_in_required'),
    checkOutDate: calendarDate('check_out_required'),
    numberOfGuests: guests.default(2),
  })
  .superRefine((q, ctx) => {
    if (!isCalendarDate(q.checkInDate) || !isCalendarDate(q.checkOutDate)) return;
    const nights = nightsBetween(q.checkInDate, q.checkOutDate);
    if (q.checkInDate < hotelToday())
      ctx.addIssue({ code: 'custom', path: ['checkInDate'], message: 'check_in_past' });
    else if (nights < 1)
      ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: 'check_out_after_check_in' });
    else if (nights > MAX_STAY_NIGHTS)
      ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: 'stay_too_long' });
  });
export type QuoteQuery = z.infer<typeof quoteQuerySchema>;

/** The answer of GET /api/quote (and what a booking keeps). */
export type Quote = {
  ratePlan: string;
  roomType: (typeof ROOM_TYPES)[number];
  numberOfGuests: number;
  nights: { date: string; priceBaisa: number }[];
  totalPriceBaisa: number;
};

/** GET /api/availability's optional plan and guests (the calendar's prices for them). */
export const availabilityPlanSchema = z.object({
  ratePlan: bookingRatePlanSchema,
  numberOfGuests: guests.default(2),
});

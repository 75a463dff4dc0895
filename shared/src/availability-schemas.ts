import { z } from './zod';
import { MAX_AVAILABILITY_NIGHTS } from './availability';
import { calendarDate } from './date-schemas';
import { hotelToday } from './dates';
import { nightsBetween } from './money';
import { refineGuests } from './guest-counts';
import { roomTypeCodeSchema } from './room-type-schemas';
import { availabilityPlanSchema } from './rate-schemas';

/**
 * GET /api/availability?roomType=&from=&to=&ratePlan=&adults=&children= (the booking calendar):
 * the nights from `from` to the night before `to`, priced on the plan (default standard) for the
 * guests (default: the type's base occupancy in adults, two for the spec's four; `numberOfGuests`
 * alone is that many adults). The room type is any
 * well-formed code; the worker answers 400 `invalid_room_type` for one the hotel does not have.
 * At most MAX_AVAILABILITY_NIGHTS (two months, what a calendar shows at once) so one read stays
 * small, and not before today in Asia/Muscat
 * (a past night cannot be booked, and the edge cache keys on the hotel day). Dates may be
 * typed in Arabic-Indic digits, like every other date the API takes.
 */
export const availabilityQuerySchema = z
  .object({ roomType: roomTypeCodeSchema, from: calendarDate(), to: calendarDate() })
  .extend(availabilityPlanSchema.shape)
  .superRefine(refineGuests)
  .superRefine((q, ctx) => {
    if (q.from < hotelToday()) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'availability_from_past' });
    } else if (q.to <= q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'to_after_from' });
    } else if (nightsBetween(q.from, q.to) > MAX_AVAILABILITY_NIGHTS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'availability_too_long' });
    }
  });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

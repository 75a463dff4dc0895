import { z } from 'zod';
import { MAX_AVAILABILITY_NIGHTS } from './availability';
import { calendarDate } from './date-schemas';
import { hotelToday } from './dates';
import { nightsBetween } from './money';
import { roomTypeSchema } from './schemas';
import { availabilityPlanSchema } from './rate-schemas';

/**
 * GET /api/availability?roomType=&from=&to=&ratePlan=&numberOfGuests= (the booking calendar):
 * the nights from `from` to the night before `to`, priced on the plan (default standard) for the
 * guests (default two). At most MAX_AVAILABILITY_NIGHTS (two months, what a
 * calendar shows at once) so one read stays small, and not before today in Asia/Muscat
 * (a past night cannot be booked, and the edge cache keys on the hotel day). Dates may be
 * typed in Arabic-Indic digits, like every other date the API takes.
 */
export const availabilityQuerySchema = z
  .object({ roomType: roomTypeSchema, from: calendarDate(), to: calendarDate() })
  .extend(availabilityPlanSchema.shape)
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

import { z } from './zod';
import { wholeNumber } from './date-schemas';
import { toLatinDigits } from './digits';
import { MAX_OCCUPANCY } from './room-type-schemas';

/**
 * Online check-in: what a guest tells the hotel before arriving. Messages
 * are codes, translated by each side (worker/src/platform/messages.ts, the web's Lingui catalogs).
 *
 * Guests: at least one adult; adults and children together at most the booking's
 * `numberOfGuests` (its price was computed for that many), and each within the room type's own
 * limits: bringing more people is a change of the booking, not a check-in detail. The worker
 * checks the booking's number and its type's limits; this schema checks the ceiling of any room
 * (MAX_OCCUPANCY).
 */
export const ONLINE_CHECK_IN_RULES = {
  /** Special requests: a few sentences. */
  requestsMax: 500,
} as const;

/** "14:30", "9:05" or "١٤:٣٠" -> "14:30"; null for anything else. */
export function normalizeArrivalTime(value: string): string | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(toLatinDigits(value).trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

export const onlineCheckInSchema = z
  .object({
    arrivalTime: z.string({ error: 'arrival_time_invalid' }).transform((v, ctx) => {
      const time = normalizeArrivalTime(v);
      if (time === null) {
        ctx.addIssue({ code: 'custom', message: 'arrival_time_invalid' });
        return z.NEVER;
      }
      return time;
    }),
    adults: wholeNumber('check_in_adults_range').pipe(
      z.number().min(1, 'check_in_adults_range').max(MAX_OCCUPANCY, 'check_in_adults_range'),
    ),
    children: wholeNumber('check_in_children_range')
      .pipe(z.number().max(MAX_OCCUPANCY - 1, 'check_in_children_range'))
      .default(0),
    specialRequests: z
      .multilineString({ error: 'check_in_requests_too_long' })
      .trim()
      .max(ONLINE_CHECK_IN_RULES.requestsMax, 'check_in_requests_too_long')
      .default(''),
    acceptTerms: z.literal(true, { error: 'check_in_terms_required' }),
  })
  .superRefine((v, ctx) => {
    if (v.adults + v.children > MAX_OCCUPANCY)
      ctx.addIssue({ code: 'custom', path: ['children'], message: 'check_in_guests_over_room' });
  });
export type OnlineCheckInInput = z.input<typeof onlineCheckInSchema>;
export type OnlineCheckIn = z.output<typeof onlineCheckInSchema>;

/** The online check-in as the guest's booking page and the desk show it. */
export type OnlineCheckInView = {
  arrivalTime: string;
  adults: number;
  children: number;
  specialRequests: string;
  /** ISO instants. */
  termsAcceptedAt: string;
  checkedInAt: string;
  /** Whether an ID photo is on file (never its address: staff read it through their own call). */
  hasIdDocument: boolean;
} | null;

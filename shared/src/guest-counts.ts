import { z } from './zod';
import { MIN_GUESTS } from './constants';
import { wholeNumber } from './date-schemas';
import { MAX_OCCUPANCY } from './room-type-schemas';

/**
 * A stay's guests: adults and children (`numberOfGuests` is their sum). Bookings, quotes, the
 * calendar, changes and staff's edits take any of the three; a client that sends only
 * `numberOfGuests` (every client before adults and children) means that many adults. The schemas
 * check the ranges any room may hold (MAX_OCCUPANCY); the worker checks the room type's own
 * limits (422 `over_occupancy`, shared/src/room-type-schemas.ts `occupancyRefusal`).
 */

export const guestsSchema = wholeNumber('guests_range').pipe(
  z.number().min(MIN_GUESTS, 'guests_range').max(MAX_OCCUPANCY, 'guests_range'),
);
export const adultsSchema = wholeNumber('adults_range').pipe(
  z.number().min(1, 'adults_range').max(MAX_OCCUPANCY, 'adults_range'),
);
export const childrenSchema = wholeNumber('children_range').pipe(
  z.number().max(MAX_OCCUPANCY - 1, 'children_range'),
);

/** The three optional fields, for an object schema. */
export const guestCountFields = {
  numberOfGuests: guestsSchema.optional(),
  adults: adultsSchema.optional(),
  children: childrenSchema.optional(),
};

export type GuestCounts = { numberOfGuests: number; adults: number; children: number };
export type GivenGuests = { numberOfGuests?: number; adults?: number; children?: number };

/** Two adults: the guests of a request that names none (the price's base for the spec's four). */
export const DEFAULT_GUESTS: GuestCounts = { numberOfGuests: 2, adults: 2, children: 0 };

/**
 * The guests `given` names, what it leaves out taken from `base` (a new request: two adults; a
 * change: the booking's own). Only `numberOfGuests`: that many adults. Adults or children with
 * `numberOfGuests`: the other is the difference. Null when the counts cannot be (fewer than one
 * adult, negative children, more than MAX_OCCUPANCY, or a sum that is not `numberOfGuests`).
 *
 * @example guestCountsOf({ numberOfGuests: 3 }) // { numberOfGuests: 3, adults: 3, children: 0 }
 */
export function guestCountsOf(
  given: GivenGuests,
  base: Pick<GuestCounts, 'adults' | 'children'> = DEFAULT_GUESTS,
): GuestCounts | null {
  const { numberOfGuests: n, adults: a, children: c } = given;
  let adults: number;
  let children: number;
  if (a === undefined && c === undefined) {
    [adults, children] = n === undefined ? [base.adults, base.children] : [n, 0];
  } else {
    adults = a ?? (n !== undefined ? n - c! : base.adults);
    children = c ?? (n !== undefined ? n - adults : base.children);
  }
  const total = adults + children;
  if (adults < 1 || children < 0 || total > MAX_OCCUPANCY) return null;
  if (n !== undefined && n !== total) return null;
  return { numberOfGuests: total, adults, children };
}

/**
 * The adults and children of a stored booking: its own when it has them and they add up, else all
 * its guests adults (a booking made before adults and children, or written without them).
 */
export function storedGuests(b: {
  numberOfGuests: number | null;
  adults?: number | null;
  children?: number | null;
}): GuestCounts {
  const numberOfGuests = b.numberOfGuests ?? 2;
  if (b.adults != null && b.adults >= 1 && b.adults + (b.children ?? 0) === numberOfGuests) {
    return { numberOfGuests, adults: b.adults, children: b.children ?? 0 };
  }
  return { numberOfGuests, adults: numberOfGuests, children: 0 };
}

/**
 * For an object schema's superRefine and transform: the issue when the counts cannot be, and the
 * object with all three filled (`base` for what it leaves out).
 */
export function refineGuests(value: GivenGuests, ctx: z.RefinementCtx): void {
  if (guestCountsOf(value) === null) {
    ctx.addIssue({ code: 'custom', path: ['numberOfGuests'], message: 'guests_range' });
  }
}
export function withGuestCounts<T extends GivenGuests>(value: T): T & GuestCounts {
  return { ...value, ...(guestCountsOf(value) ?? DEFAULT_GUESTS) };
}

import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { type BookingRequest } from '@shared/booking-schemas';
import { stayNights } from '@shared/dates';
import { notifyStatements, type BookingEventKind } from '../../platform/notify';
import { bookingNights, bookingSubmissions, type BookingSubmission } from './tables';
import type { Db } from '../../platform/env';
import { newBookingReference } from '../../platform/crypto';
import { ApiError } from '../../platform/api-error';
import { defaultSegment, defaultSource } from './booking-trade';
import { storedPhone } from '../../platform/phone-numbers';

/** The new booking's id inside its own batch (the reference is unique and server-made). */
export function bookingIdOf(reference: string): SQL {
  return sql`(select id from booking_submissions where reference = ${reference})`;
}

/**
 * D1 binds at most 100 parameters per statement and each hold takes 5, so the
 * nights of a long stay are written 15 at a time: several statements, still inside
 * the booking's one batch, so a refused night rolls everything back.
 */
const HOLDS_PER_STATEMENT = 15;

export function holdInserts(
  db: Db,
  booking: Pick<BookingSubmission, 'reference' | 'checkInDate' | 'checkOutDate' | 'roomType'> & {
    bedType?: BookingSubmission['bedType'];
    smokingPreference?: BookingSubmission['smokingPreference'];
    /** A member of a group block: its nights are taken from the block's hold. */
    groupId?: BookingSubmission['groupId'];
  },
): BatchItem<'sqlite'>[] {
  const nights = stayNights(booking.checkInDate, booking.checkOutDate);
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < nights.length; i += HOLDS_PER_STATEMENT) {
    statements.push(
      db.insert(bookingNights).values(
        nights.slice(i, i + HOLDS_PER_STATEMENT).map((night) => ({
          bookingId: bookingIdOf(booking.reference),
          night,
          roomType: booking.roomType,
          bedType: booking.bedType ?? null,
          smokingType: booking.smokingPreference ?? null,
          groupId: booking.groupId ?? null,
        })),
      ),
    );
  }
  return statements;
}

/** What a refusal raised by the database's triggers (migrations 0002, 0005) means for the guest. */
export function bookingRefusal(err: unknown): ApiError | null {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  // A group member's night beyond what its block holds (migration 0072).
  if (text.includes('block_exceeded')) return new ApiError(409, 'block_exceeded');
  if (text.includes('overbooked_room')) return new ApiError(409, 'no_rooms_available');
  // A numbered room asked for that a stay or an out-of-order period takes already.
  if (text.includes('UNIQUE constraint failed: room_nights.room_id, room_nights.night'))
    return new ApiError(409, 'numbered_room_taken');
  if (text.includes('overbooked_bed')) return new ApiError(409, 'no_beds_available');
  if (text.includes('overbooked_smoking')) return new ApiError(409, 'no_smoking_available');
  if (text.includes('pending_cap_phone')) return new ApiError(409, 'pending_cap_phone');
  if (text.includes('pending_cap_address')) return new ApiError(429, 'pending_cap_address');
  return null;
}

/** The guest and stay of a booking request as stored (every route that books, one reading). */
export function requestedStay(input: BookingRequest) {
  return {
    fullName: input.fullName,
    phoneNumber: storedPhone(input.phoneNumber),
    idNumber: input.idNumber,
    checkInDate: input.checkInDate,
    checkOutDate: input.checkOutDate,
    roomType: input.roomType,
    roomNumber: input.roomNumber ?? null,
    bedType: input.bedType,
    smokingPreference: input.smokingPreference,
    whatsappOptIn: input.whatsappOptIn ?? false,
  };
}

/** The booking's columns but its reference, which insertBooking makes. */
export type BookingValues = Omit<typeof bookingSubmissions.$inferInsert, 'reference'>;

/** What one try of insertBooking writes, for the reference it drew. */
export type BookingBatch = {
  values: BookingValues;
  /** Statements after the booking and its holds (a points redemption, the stored answer). */
  alongside?: BatchItem<'sqlite'>[];
  /** Statements that must run first (an idempotency key's claim, the assistant's claim). */
  before?: BatchItem<'sqlite'>[];
};

/** The event a new booking is: a free night, a walk-in the desk booked approved, or a request. */
function receivedKind(row: Pick<BookingValues, 'isPointsBooking' | 'status'>): BookingEventKind {
  if (row.isPointsBooking) return 'free_night_booked';
  return row.status === 'approved' ? 'booking_approved' : 'booking_received';
}

/** How many references insertBooking draws before giving up (one clash in 27 billion). */
const REFERENCE_TRIES = 5;

/** Whether the database refused a batch for a reference another booking already has. */
function isReferenceClash(err: unknown): boolean {
  const text = String((err as Error)?.message ?? err) + String((err as { cause?: unknown })?.cause ?? '');
  return text.includes('UNIQUE constraint failed: booking_submissions.reference');
}

/**
 * Inserts a booking with its holds (and any statements that belong with it, such as a
 * points redemption) in one batch; answers the stored row. The booking's reference is
 * drawn here (shared/src/booking-reference.ts): random, so one booking's does not
 * tell another's, and should it be taken already, the unique index refuses the batch and
 * it is built again with a new one. `newReference` is the draw (a test gives a taken one).
 * Refusals of the database become the matching 409/429; anything else is rethrown.
 */
export async function insertBooking(
  db: Db,
  build: (reference: string) => BookingBatch,
  newReference: () => string = newBookingReference,
): Promise<BookingSubmission> {
  for (let attempt = 1; ; attempt++) {
    const reference = newReference();
    const { values, alongside = [], before = [] } = build(reference);
    // Every booking of the hotel's own says how it came and its segment (booking-trade.ts).
    const row = {
      ...values,
      reference,
      source: values.source ?? defaultSource(values),
      segment: values.segment ?? defaultSegment(values),
    };
    try {
      await db.batch([
        ...before,
        db.insert(bookingSubmissions).values(row),
        ...holdInserts(db, row),
        ...alongside,
        // What the guest (and the desk) are told: queued only if the booking is there.
        ...notifyStatements(db, {
          kind: receivedKind(row),
          where: sql`${bookingSubmissions.reference} = ${reference}`,
        }),
      ] as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    } catch (err) {
      if (isReferenceClash(err) && attempt < REFERENCE_TRIES) continue;
      throw bookingRefusal(err) ?? err;
    }
    const created = await db
      .select()
      .from(bookingSubmissions)
      .where(sql`${bookingSubmissions.reference} = ${reference}`)
      .get();
    return created!;
  }
}

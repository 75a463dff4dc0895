import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { auditEntry } from '../../platform/audit';
import { insertWhere } from '../../platform/atomic';
import { newBookingReference } from '../../platform/crypto';
import type { Db } from '../../platform/env';
import { notifyStatements } from '../../platform/notify';
import { auditLog } from '../../platform/tables';
import { commitStayChange, type Stay } from './booking-changes';
import { channelAlertStatements } from './channel-alerts';
import { changeBookingStatus } from './booking-status';
import { bookingIdOf, bookingRefusal, holdInserts } from './insert-booking';
import { bookingNights, bookingSubmissions, roomNights, type BookingSubmission } from './tables';

/**
 * Bookings the channel manager brings (modules/channel applies its revisions through these): made,
 * changed and cancelled as the OTA says, each in ONE batch with the caller's statements (the
 * revision's own row, so a revision is applied at most once). A stay the hotel cannot hold (sold
 * out: the no-overbooking triggers refuse a night) is still kept, without holds and flagged
 * `overbooked` for staff; a room type the hotel does not map is kept flagged `unmapped`.
 */

/** A channel booking's stay and guest as the bookings table keeps them. */
export type ChannelStay = {
  fullName: string;
  phoneNumber: string;
  /** The guest's own address; null when the OTA gave only its relay address (never written to). */
  email: string | null;
  checkInDate: string;
  checkOutDate: string;
  roomType: string;
  ratePlan: string;
  adults: number;
  children: number;
  /** Baisa per night, from the arrival night. */
  nightPrices: number[];
  source: string;
  channelReference: string;
  channelBookingId: string;
  paymentCollect: 'ota' | 'property';
  commissionBaisa: number;
};

export type ChannelFlag = 'overbooked' | 'unmapped';

/** Statements that go into the booking's batch; `id` is the booking's id inside it, `flag` how it was kept. */
export type ChannelStatements = (id: SQL | number, flag: ChannelFlag | null) => BatchItem<'sqlite'>[];

/** The booking a channel booking id made, if any. */
export async function channelBookingOf(
  db: Db,
  channelBookingId: string,
): Promise<BookingSubmission | undefined> {
  return db
    .select()
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.channelBookingId, channelBookingId))
    .get();
}

/**
 * A booking's reference by its id, as a subquery for a caller's select (the channel screen links
 * a revision to its booking); null when there is no such booking.
 */
export function bookingReferenceSql(bookingId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select b.reference from booking_submissions b where b.id = ${bookingId})`;
}

/** Whether the booking is still to be placed by staff: open and still flagged (moved or cancelled: done). */
export function stillFlaggedSql(bookingId: SQLWrapper): SQL {
  return sql`exists (select 1 from booking_submissions b where b.id = ${bookingId}
    and b.channel_flag is not null and b.status not in ('cancelled', 'completed'))`;
}

const total = (prices: number[]) => prices.reduce((sum, p) => sum + p, 0);

function stayColumns(stay: ChannelStay, flag: ChannelFlag | null) {
  return {
    fullName: stay.fullName,
    phoneNumber: stay.phoneNumber,
    email: stay.email,
    checkInDate: stay.checkInDate,
    checkOutDate: stay.checkOutDate,
    roomType: stay.roomType,
    ratePlan: stay.ratePlan,
    adults: stay.adults,
    children: stay.children,
    numberOfGuests: stay.adults + stay.children,
    nightPrices: stay.nightPrices,
    totalPrice: total(stay.nightPrices),
    source: stay.source,
    channelReference: stay.channelReference,
    paymentCollect: stay.paymentCollect,
    commissionBaisa: stay.commissionBaisa,
    channelFlag: flag,
  };
}

function isStockRefusal(err: unknown): boolean {
  const code = bookingRefusal(err)?.code;
  return code === 'no_rooms_available' || code === 'no_beds_available' || code === 'no_smoking_available';
}

/**
 * Makes the confirmed booking of a `new` revision: held night by night when it can be (`flag`
 * null), else kept without holds and flagged (a stay refused as sold out is tried once more as
 * `overbooked`). `statements` follow the booking in its batch; `tellGuest` queues the usual
 * confirmation to the guest (never when the OTA gave no address of the guest's own).
 */
export async function insertChannelBooking(
  db: Db,
  stay: ChannelStay,
  options: {
    flag: ChannelFlag | null;
    tellGuest: boolean;
    /** Statements before the booking (the revision's own row: its key refuses a second delivery first). */
    first: (flag: ChannelFlag | null) => BatchItem<'sqlite'>[];
    statements: ChannelStatements;
  },
): Promise<{ booking: BookingSubmission; flag: ChannelFlag | null }> {
  const reference = newBookingReference();
  const row = {
    ...stayColumns(stay, options.flag),
    reference,
    channelBookingId: stay.channelBookingId,
    idNumber: '',
    status: 'confirmed' as const,
    lang: 'en' as const,
    bookingType: 'channel',
    // Sold by an OTA: its segment (the source is the OTA's name).
    segment: 'ota' as const,
    // The OTA took (or takes) the guest's money on its own terms: the hotel asks no deposit.
    depositRule: { kind: 'none' as const },
  };
  const id = bookingIdOf(reference);
  try {
    await db.batch([
      ...options.first(options.flag),
      db.insert(bookingSubmissions).values(row),
      ...(options.flag ? [] : holdInserts(db, row)),
      db.insert(auditLog).values({
        ...auditEntry(null, 'booking.channel_new', 'booking', null, null, {
          status: 'confirmed',
          source: stay.source,
          channelReference: stay.channelReference,
          flag: options.flag,
        }),
        entityId: sql`cast(${id} as text)`,
      }),
      ...options.statements(id, options.flag),
      // Staff hear at once of a booking they must place by hand.
      ...(options.flag
        ? notifyStatements(db, {
            kind: 'channel_booking_flagged',
            where: sql`${bookingSubmissions.reference} = ${reference}`,
            reason: options.flag,
          })
        : []),
      ...(options.tellGuest
        ? notifyStatements(db, {
            kind: 'booking_confirmed',
            where: sql`${bookingSubmissions.reference} = ${reference}`,
          })
        : []),
    ] as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (err) {
    if (!options.flag && isStockRefusal(err))
      return insertChannelBooking(db, stay, { ...options, flag: 'overbooked' });
    throw err;
  }
  const booking = await db
    .select()
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.reference, reference))
    .get();
  return { booking: booking!, flag: options.flag };
}

/**
 * Changes a channel booking to the stay of a `modified` revision (dates, type, guests, prices,
 * guest): its old nights released and the new ones held in the same batch; a stay that no longer
 * fits is kept without holds, flagged `overbooked`. A numbered room assigned before the arrival
 * is released when the dates or the type change (the desk assigns one again); a stay in house is
 * not moved here (the caller keeps such a revision for staff). Answers the changed row, or null
 * when the booking changed meanwhile (the caller reads it again).
 */
export async function changeChannelBooking(
  db: Db,
  booking: BookingSubmission,
  stay: ChannelStay,
  options: { flag: ChannelFlag | null; tellGuest: boolean; statements: ChannelStatements; now?: Date },
): Promise<{ booking: BookingSubmission; flag: ChannelFlag | null } | null> {
  const now = options.now ?? new Date();
  const moved =
    stay.checkInDate !== booking.checkInDate ||
    stay.checkOutDate !== booking.checkOutDate ||
    stay.roomType !== booking.roomType;
  const columns = stayColumns(stay, options.flag);
  const held: Stay = {
    checkInDate: stay.checkInDate,
    checkOutDate: stay.checkOutDate,
    adults: stay.adults,
    children: stay.children,
    numberOfGuests: stay.adults + stay.children,
    roomType: stay.roomType,
    roomNumber: moved ? null : booking.roomNumber,
    bedType: booking.bedType,
    smokingPreference: booking.smokingPreference,
  };
  const outcome = await commitStayChange(db, booking, {
    stay: held,
    set: { ...columns, ...(moved && { roomId: null }) },
    holds: options.flag
      ? null
      : { roomType: stay.roomType, bedType: booking.bedType, smokingType: booking.smokingPreference },
    statements: (won) => [
      // Flagged: nothing of the stay is held (its old nights are given back).
      ...(options.flag
        ? [db.delete(bookingNights).where(and(eq(bookingNights.bookingId, booking.id), won))]
        : []),
      ...(moved ? [db.delete(roomNights).where(and(eq(roomNights.bookingId, booking.id), won))] : []),
      insertWhere(
        db,
        auditLog,
        auditEntry(
          null,
          'booking.channel_modified',
          'booking',
          booking.id,
          {
            checkInDate: booking.checkInDate,
            checkOutDate: booking.checkOutDate,
            roomType: booking.roomType,
            totalPrice: booking.totalPrice,
          },
          {
            checkInDate: stay.checkInDate,
            checkOutDate: stay.checkOutDate,
            roomType: stay.roomType,
            totalPrice: columns.totalPrice,
            flag: options.flag,
          },
        ),
        won,
      ),
      ...options.statements(booking.id, options.flag),
      ...(options.flag
        ? notifyStatements(db, {
            kind: 'channel_booking_flagged',
            where: sql`${bookingSubmissions.id} = ${booking.id} and ${won}`,
            reason: options.flag,
          })
        : []),
      // The staff's bell (and a push) hear of the OTA's change.
      ...channelAlertStatements(db, 'changed', booking.id, won, options.flag),
      ...(options.tellGuest
        ? notifyStatements(db, {
            kind: 'booking_edited',
            where: sql`${bookingSubmissions.id} = ${booking.id} and ${won}`,
          })
        : []),
    ],
    language: 'en',
    now,
  }).catch((err: unknown) => {
    if (err instanceof Error && 'code' in err && err.code === 'booking_changed') return null;
    throw err;
  });
  if (outcome === null) return null;
  if (outcome.status === 409) {
    // Sold out for the new stay: kept, without holds, for staff to place.
    if (!options.flag) return changeChannelBooking(db, booking, stay, { ...options, flag: 'overbooked' });
    return null;
  }
  if (!('booking' in outcome)) return null;
  return { booking: outcome.booking, flag: options.flag };
}

/**
 * Cancels a channel booking as its OTA did: its nights given back, no charge (the hotel took no
 * money of its own for it; the OTA's terms are between the OTA and its guest), the caller's
 * statements in the same batch.
 */
export async function cancelChannelBooking(
  db: Db,
  booking: BookingSubmission,
  options: { statements: ChannelStatements },
): Promise<BookingSubmission> {
  return changeBookingStatus(db, booking, 'cancelled', null, undefined, {
    set: { channelFlag: null },
    statements: (won) => [
      ...options.statements(booking.id, null),
      // The staff's bell (and a push) hear of the OTA's cancellation.
      ...channelAlertStatements(db, 'cancelled', booking.id, won, null),
    ],
  });
}

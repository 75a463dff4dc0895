import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { otherBookingOfProfileQuery } from './booking-reads';
import { bookingSubmissions } from './tables';
import { roomFieldSql } from '../inventory';
import type { Db } from '../../platform/env';

/**
 * A guest profile's stays, for the guests module (a booking's `profile_id` is set by the
 * database as it is inserted, trigger `guest_profile_attach`): reads and the statement that moves
 * a profile's bookings, so guests never names the bookings' table.
 */

/**
 * How many stays of the profile `profileId` count (the guest came: checked in at some point), as
 * an SQL scalar for the caller's own select.
 *
 * @example db.select({ stays: cameCountSql(sql`${guestProfiles.id}`) }).from(guestProfiles)
 */
export function cameCountSql(profileId: SQL | number) {
  return sql<number>`(select count(*) from ${bookingSubmissions} where ${bookingSubmissions.profileId} = ${profileId} and ${bookingSubmissions.checkedInAt} is not null)`;
}

/**
 * The newest `limit` stays of a profile with their room's number, along the profile's index.
 *
 * @example const [profiles, stays] = await db.batch([profileQuery, profileStaysQuery(db, id, 20)]);
 */
export function profileStaysQuery(db: Db, profileId: number, limit: number) {
  return db
    .select({
      id: bookingSubmissions.id,
      reference: bookingSubmissions.reference,
      checkInDate: bookingSubmissions.checkInDate,
      checkOutDate: bookingSubmissions.checkOutDate,
      roomType: bookingSubmissions.roomType,
      status: bookingSubmissions.status,
      checkedInAt: bookingSubmissions.checkedInAt,
      checkedOutAt: bookingSubmissions.checkedOutAt,
      roomNumber: roomFieldSql('number', bookingSubmissions.roomId).as('stay_room_number'),
    })
    .from(bookingSubmissions)
    .where(eq(bookingSubmissions.profileId, profileId))
    .orderBy(desc(bookingSubmissions.checkInDate), desc(bookingSubmissions.id))
    .limit(limit);
}

/**
 * The statement that moves every booking of the profile `fromId` to the profile `toId`, only if
 * `guard` holds (the merge this request won): for the merge's batch.
 *
 * @example moveProfileBookingsStatement(db, otherId, id, rowExists(guestProfiles, eq(guestProfiles.id, id)))
 */
export function moveProfileBookingsStatement(db: Db, fromId: number, toId: number, guard: SQL) {
  return db
    .update(bookingSubmissions)
    .set({ profileId: toId })
    .where(and(eq(bookingSubmissions.profileId, fromId), guard));
}

/**
 * A guest profile's stays as modules/guests reads and moves them, as one object (bookings' door's
 * one name): the profile's newest stays (`profileStaysQuery`), how many count (`cameCountSql`, a
 * scalar of the guests' own search), another booking of the same profile
 * (`otherBookingOfProfileQuery`), and the statement that moves a profile's bookings to another
 * (`moveProfileBookingsStatement`, a merge's batch).
 *
 * @example const [profiles, stays] = await db.batch([profileQuery, guestStays.profileStaysQuery(db, id, 20)]);
 */
export const guestStays = {
  profileStaysQuery,
  cameCountSql,
  otherBookingOfProfileQuery,
  moveProfileBookingsStatement,
} as const;

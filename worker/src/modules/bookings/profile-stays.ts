import { and, asc, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { bookingSubmissions, hotelRooms } from './tables';
import { guestProfiles } from './guest-profile-tables';
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
      roomNumber: sql<string | null>`${hotelRooms.number}`.as('stay_room_number'),
    })
    .from(bookingSubmissions)
    .leftJoin(hotelRooms, eq(hotelRooms.id, bookingSubmissions.roomId))
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
 * The stays checked in within [from, to) with their profile's registration data and room number,
 * by check-in time, along the check-in time's index: the guests module's registration list.
 *
 * @example const rows = await checkInsWithProfilesQuery(db, new Date(start), new Date(start + DAY));
 */
export function checkInsWithProfilesQuery(db: Db, from: Date, to: Date) {
  return db
    .select({
      bookingId: bookingSubmissions.id,
      reference: bookingSubmissions.reference,
      bookingName: bookingSubmissions.fullName,
      bookingIdNumber: bookingSubmissions.idNumber,
      checkInDate: bookingSubmissions.checkInDate,
      checkOutDate: bookingSubmissions.checkOutDate,
      checkedInAt: bookingSubmissions.checkedInAt,
      numberOfGuests: bookingSubmissions.numberOfGuests,
      roomNumber: sql<string | null>`${hotelRooms.number}`.as('registration_room_number'),
      profileId: sql<number | null>`${guestProfiles.id}`.as('registration_profile_id'),
      profileName: sql<string | null>`${guestProfiles.fullName}`.as('registration_profile_name'),
      nationality: guestProfiles.nationality,
      dateOfBirth: guestProfiles.dateOfBirth,
      documentType: guestProfiles.documentType,
      documentNumber: guestProfiles.documentNumber,
    })
    .from(bookingSubmissions)
    .leftJoin(guestProfiles, eq(guestProfiles.id, bookingSubmissions.profileId))
    .leftJoin(hotelRooms, eq(hotelRooms.id, bookingSubmissions.roomId))
    .where(
      and(
        isNotNull(bookingSubmissions.checkedInAt),
        gte(bookingSubmissions.checkedInAt, from),
        lt(bookingSubmissions.checkedInAt, to),
      ),
    )
    .orderBy(asc(bookingSubmissions.checkedInAt), asc(bookingSubmissions.id));
}

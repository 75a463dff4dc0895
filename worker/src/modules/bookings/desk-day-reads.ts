import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { MAX_STAY_NIGHTS, type BookingStatus } from '@shared/constants';
import { addDays } from '@shared/dates';
import { hotelInstant } from '@shared/stay-policy';
import { bookingNights, bookingSubmissions } from './tables';
import { roomFieldSql } from '../inventory';
import { guestProfiles } from './guest-profile-tables';
import { groupNameSql } from './group-billing-reads';
import type { Db } from '../../platform/env';

/**
 * What the front desk's day reads of the stays (docs/decisions/085-the-desk-s-day.md): each stay
 * with its room, its guest's profile and earlier stays, its group's name and its nights held, plus
 * the columns the caller adds of another module (the folio's posted nights and master group).
 */

const ACTIVE: BookingStatus[] = ['approved', 'confirmed'];

/** The statuses a stay of the day may have: booked (approved, confirmed) or departed (completed). */
const OF_THE_DAY: BookingStatus[] = [...ACTIVE, 'completed'];

/** At most this many OTA bookings to place are listed at once (the oldest arrivals first). */
const FLAGGED_SHOWN = 50;

/** The columns the caller adds to each stay, given its id: the folio's (modules/front-desk). */
export type DeskDayColumns = {
  /** The stay's nights on the folio, as a JSON array. */
  postedNights: (bookingId: SQL) => SQL;
  /** The master-billed group its nights go to, or null. */
  masterGroupId: (bookingId: SQLiteColumn) => SQL;
  /** The extras bought for the stay, as a JSON array (modules/extras, decision 098). */
  extras?: (bookingId: SQL) => SQL;
};

/**
 * The desk's day `date` as six reads for one batch: the day's arrivals along the check-in index,
 * today's late arrivals along the index of the stays booked and not arrived (another day: none),
 * its departures along the check-out index, the guests in house (today: now, at most the hotel's
 * rooms; another day: that night's stays along the check-in index, a stay being at most
 * MAX_STAY_NIGHTS long), the check-outs of that day along the check-out time's index, and the OTA
 * bookings still to place along theirs. Each row: `booking`, `room`, `guest`, `postedNights`,
 * `masterGroupId`, `groupName`, `heldNights`.
 *
 * @example const [arriving, late, dueOut, inHouse, leftThatDay, flagged] = await db.batch(deskDayReads(db, date, today, { postedNights: postedNightsJsonSql, masterGroupId: masterGroupIdSql }));
 */
export function deskDayReads(db: Db, date: string, today: string, columns: DeskDayColumns) {
  const select = () =>
    db
      .select({
        booking: bookingSubmissions,
        // Aliased: in a batch D1 answers rows as arrays, and same-named columns of the two
        // tables would otherwise land on each other.
        room: {
          id: sql<number>`${bookingSubmissions.roomId}`.as('desk_room_id'),
          number: sql<string>`${roomFieldSql('number', bookingSubmissions.roomId)}`.as('desk_room_number'),
          status: sql<string>`${roomFieldSql('status', bookingSubmissions.roomId)}`.as('desk_room_status'),
        },
        // The guest's profile, and their other stays checked in (along the profile's index).
        guest: {
          profileId: sql<number | null>`${guestProfiles.id}`.as('desk_profile_id'),
          vip: sql<number | null>`${guestProfiles.vip}`.as('desk_profile_vip'),
          doNotRent: sql<number | null>`${guestProfiles.doNotRent}`.as('desk_profile_do_not_rent'),
          stays: sql<number>`(select count(*) from booking_submissions as earlier
            where earlier.profile_id = ${bookingSubmissions.profileId} and earlier.checked_in_at is not null
            and earlier.id <> ${bookingSubmissions.id})`.as('desk_profile_stays'),
        },
        // The stay's nights on the folio (along the folio's night index: at most the stay's nights).
        postedNights: sql<string>`${columns.postedNights(sql`${bookingSubmissions.id}`)}`.as(
          'desk_posted_nights',
        ),
        masterGroupId: sql<number | null>`${columns.masterGroupId(bookingSubmissions.id)}`.as('desk_master'),
        // The extras bought for it (along the purchases' booking index: a stay's few).
        extras: sql<string>`${columns.extras ? columns.extras(sql`${bookingSubmissions.id}`) : sql`'[]'`}`.as(
          'desk_extras',
        ),
        groupName: groupNameSql(bookingSubmissions.groupId).as('desk_group_name'),
        // Its nights held in the allotment (along the holds' booking index): an OTA booking kept
        // unplaced holds none until staff place it.
        heldNights:
          sql<number>`(select count(*) from ${bookingNights} where ${bookingNights.bookingId} = ${bookingSubmissions.id})`.as(
            'desk_held_nights',
          ),
      })
      .from(bookingSubmissions)
      .leftJoin(guestProfiles, eq(guestProfiles.id, bookingSubmissions.profileId));
  const byName = [bookingSubmissions.fullName, bookingSubmissions.id] as const;
  const dayStart = hotelInstant(date, '00:00');
  const nextDayStart = hotelInstant(addDays(date, 1), '00:00');
  return [
    select()
      .where(and(eq(bookingSubmissions.checkInDate, date), inArray(bookingSubmissions.status, OF_THE_DAY)))
      .orderBy(...byName),
    // Today's late arrivals: due on one of the last MAX_STAY_NIGHTS days, booked, not arrived,
    // a night still to come; along the partial index of such stays (named: the planner would
    // otherwise read every stay of those days). Another day: none (an empty range).
    select()
      .where(
        and(
          sql`${bookingSubmissions.id} in (select l.id from booking_submissions as l
            indexed by booking_submissions_unarrived_idx
            where l.checked_in_at is null and l.status in ('approved', 'confirmed')
            and l.check_in_date >= ${addDays(date, date === today ? -MAX_STAY_NIGHTS : 0)}
            and l.check_in_date < ${date})`,
          gt(bookingSubmissions.checkOutDate, date),
        ),
      )
      .orderBy(bookingSubmissions.checkInDate, ...byName),
    select()
      .where(and(eq(bookingSubmissions.checkOutDate, date), inArray(bookingSubmissions.status, OF_THE_DAY)))
      .orderBy(...byName),
    date === today
      ? // In house now: checked in and not checked out (the database keeps such a stay open).
        select()
          .where(
            and(
              isNotNull(bookingSubmissions.checkedInAt),
              isNull(bookingSubmissions.checkedOutAt),
              lte(bookingSubmissions.checkInDate, date),
            ),
          )
          .orderBy(...byName)
      : // That night: booked ahead (a later day), or checked in then (an earlier one).
        select()
          .where(
            and(
              gte(bookingSubmissions.checkInDate, addDays(date, -MAX_STAY_NIGHTS)),
              lte(bookingSubmissions.checkInDate, date),
              gt(bookingSubmissions.checkOutDate, date),
              date > today
                ? inArray(sql`+${bookingSubmissions.status}`, ACTIVE)
                : and(
                    inArray(sql`+${bookingSubmissions.status}`, OF_THE_DAY),
                    sql`+${bookingSubmissions.checkedInAt} is not null`,
                  ),
            ),
          )
          .orderBy(...byName),
    // Checked out that day (nobody has yet on a later one: the read finds none).
    select()
      .where(
        and(
          gte(bookingSubmissions.checkedOutAt, dayStart),
          lt(bookingSubmissions.checkedOutAt, nextDayStart),
        ),
      )
      .orderBy(...byName),
    // The OTA bookings still to place, whatever their dates: found along their partial index
    // (named, with its own terms: the planner would otherwise walk every booking of those
    // statuses), then each by its id.
    select()
      .where(
        sql`${bookingSubmissions.id} in (select f.id from booking_submissions as f
          indexed by booking_submissions_channel_flag_idx
          where f.channel_flag is not null and f.status in ('pending', 'approved', 'confirmed'))`,
      )
      .orderBy(bookingSubmissions.checkInDate, bookingSubmissions.id)
      .limit(FLAGGED_SHOWN),
  ] as const;
}

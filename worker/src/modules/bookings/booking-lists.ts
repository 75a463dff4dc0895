import { and, desc, eq, getTableColumns, gte, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { BOOKING_PAGE_MAX, type BookingListQuery } from '@shared/booking-schemas';
import { addDays } from '@shared/dates';
import { bookingReferenceQuery } from '@shared/booking-reference';
import { BOOKING_STATUSES, MAX_STAY_NIGHTS, type BookingStatus } from '@shared/constants';
import { phoneSearchDigits, toLatinDigits } from '@shared/digits';
import { groupNameSql } from './group-billing-reads';
import { bookingSubmissions, type BookingSubmission } from './tables';
import { roomFieldSql } from '../inventory';
import type { Db } from '../../platform/env';
import { hasRole } from '../../platform/roles';
import { ApiError } from '../../platform/api-error';

/** Digits (Latin or Arabic-Indic) with the separators people type in a phone number. */
const PHONE_LIKE = /^[\s+\-().0-9\u0660-\u0669\u06F0-\u06F9]+$/;

/** A phrase for an FTS5 MATCH: quoted, its own quotes doubled, so no character is an operator. */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;
/** The trigram tokenizer indexes runs of three characters: a shorter text has none to match. */
const TRIGRAM = 3;

/**
 * The desk's search, along the full-text index (migration 0041, booking_search): the text in
 * the name, ID number and e-mail, case-folded, digits typed in Arabic-Indic read as Latin; the
 * reference as read out on the phone (any case, with or without its dash or spaces); any part of
 * the phone, in full as stored (phoneSearchDigits), only for a query that looks like a phone number: the
 * digits of a name ("Walk-in 12") would otherwise find every phone containing "12". A query
 * under three characters matches nothing: it has no trigram, and finding it would mean reading
 * every booking (the desk filters the bookings it already shows as the staff type).
 */
function searchFilter(q: string): SQL {
  const text = toLatinDigits(q).trim();
  const phone = PHONE_LIKE.test(q) ? phoneSearchDigits(q) : '';
  const reference = bookingReferenceQuery(q);
  const terms = [
    ...([...text].length >= TRIGRAM ? [`{full_name id_number email} : ${phrase(text)}`] : []),
    ...(reference ? [`reference : ${phrase(reference)}`] : []),
    ...(phone.length >= TRIGRAM ? [`phone : ${phrase(phone)}`] : []),
  ];
  if (terms.length === 0) return sql`0`;
  return sql`${bookingSubmissions.id} in (select rowid from booking_search where booking_search match ${terms.join(' OR ')})`;
}

/**
 * Guests see only their own bookings; staff see all, with filters, newest first: a page of
 * `limit` rows after `cursor` (keyset on created_at and id, read along the status or creation
 * index, so a page costs the same however long the history), or at most 500 without.
 */
export function listBookings(db: Db, user: SessionUser, query: BookingListQuery) {
  const { status, from, to, q, limit, cursor } = query;
  const filters: SQL[] = [];
  if (!hasRole(user, 'staff')) filters.push(eq(bookingSubmissions.userId, user.id));
  // With a date window the stay dates' index bounds the read; the status is then checked on the
  // rows found (`+status`: not along the status index, which holds the whole history of a status).
  const statusColumn: SQL =
    from || q ? sql`+${bookingSubmissions.status}` : sql`${bookingSubmissions.status}`;
  if (status?.length === 1) filters.push(eq(statusColumn, status[0]!));
  else if (status) filters.push(inArray(statusColumn, status));
  if (cursor) {
    const [at, id] = cursor.split('_').map(Number) as [number, number];
    filters.push(
      or(
        lt(bookingSubmissions.createdAt, new Date(at)),
        and(eq(bookingSubmissions.createdAt, new Date(at)), lt(bookingSubmissions.id, id)),
      )!,
    );
  }
  if (from) {
    filters.push(gte(bookingSubmissions.checkOutDate, from));
    // No stay is longer than MAX_STAY_NIGHTS: one overlapping the window checks in at most that
    // many days before it, which bounds the read to the window's stays (migration 0028).
    filters.push(gte(bookingSubmissions.checkInDate, addDays(from, -MAX_STAY_NIGHTS)));
  }
  if (to) filters.push(lte(bookingSubmissions.checkInDate, to));
  if (q) filters.push(searchFilter(q));
  // The room the stay is assigned to, by its number as the hotel writes it: staff
  // always, a guest once checked in (the desk may still move a stay before).
  const roomNumber = roomFieldSql('number', bookingSubmissions.roomId);
  const assignedRoomNumber = hasRole(user, 'staff')
    ? sql<string | null>`${roomNumber}`
    : sql<string | null>`case when ${bookingSubmissions.checkedInAt} is not null then ${roomNumber} end`;
  return (
    db
      .select({
        ...getTableColumns(bookingSubmissions),
        assignedRoomNumber: assignedRoomNumber.as('assigned_room_number'),
        // A member's group by name, for staff's cards (by the block's key: one row each).
        groupName: (hasRole(user, 'staff')
          ? groupNameSql(bookingSubmissions.groupId)
          : sql<string | null>`null`
        ).as('group_name'),
      })
      .from(bookingSubmissions)
      .where(and(...filters))
      // With a window or a search, read along the stay dates or the bookings found (the unary +
      // keeps SQLite from walking the whole creation index instead, skipping every other booking)
      // and sort what it found.
      .orderBy(
        from || q ? sql`+${bookingSubmissions.createdAt} desc` : desc(bookingSubmissions.createdAt),
        desc(bookingSubmissions.id),
      )
      .limit(limit ?? BOOKING_PAGE_MAX)
  );
}

/** How many bookings are in each status (the desk's tabs), from the totals kept by triggers. */
export async function bookingCountsByStatus(db: Db): Promise<Record<BookingStatus, number>> {
  const rows = await db.all<{ status: BookingStatus; count: number }>(
    sql`select status, sum(bookings) as count from rollup_bookings group by status`,
  );
  const counts = Object.fromEntries(BOOKING_STATUSES.map((s) => [s, 0])) as Record<BookingStatus, number>;
  for (const row of rows) if (row.status in counts) counts[row.status] = row.count;
  return counts;
}

/** A booking the user may see: their own, or any for staff. Another guest's is "not found". */
export async function findVisibleBooking(db: Db, user: SessionUser, id: number): Promise<BookingSubmission> {
  const booking = await db.select().from(bookingSubmissions).where(eq(bookingSubmissions.id, id)).get();
  // Another guest's booking is "not found", never "forbidden": nothing is revealed.
  if (!booking || (!hasRole(user, 'staff') && booking.userId !== user.id)) {
    throw new ApiError(404, 'booking_not_found');
  }
  return booking;
}

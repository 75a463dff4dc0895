import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import type { BookingStatus } from '@shared/constants';
import { addDays, hotelToday } from '@shared/dates';
import type { DayCloseReport } from '@shared/day-close';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { auditLog } from '../../platform/tables';
import { keepDayJournal } from '../accounting';
import { type BookingSubmission, dayStays } from '../bookings';
import {
  closedDay,
  dayClosedAtSql,
  dayCloseStatement,
  dayReport,
  lastClosedDateQuery,
  postedNightsOfQuery,
  readTaxSettings,
  roomNightStatements,
} from '../folio';
import { releaseDueGroupsStatements } from '../groups';
import { makeDayStatements } from '../housekeeping';
import { booksOnHandStatements, guestNightsStatements } from '../reports';

/**
 * The day close (docs/decisions/069-day-close.md): a business date closed by a manager, or by the
 * cron at 03:00 Asia/Muscat for the day before. Closing a date, in this order:
 *  1. each arrival of the date that never came (approved or confirmed, not checked in) becomes a
 *     no-show, as the desk records one (its own batch each, with the guest's notice), once the
 *     date is over; nothing is charged for it;
 *  2. ONE batch: every stay in house that night gets its room nights up to that night posted
 *     (each night once), then the day_closes row with the report computed by the database from
 *     the date's lines in the same transaction, and the audit line; the next day's housekeeping
 *     tasks made.
 * Once the row exists, the triggers refuse any line or company payment dated that day. Closing a
 * closed day again changes nothing and answers the stored report. Days close in order: after the
 * first close, only the day after the last closed one.
 */

const ACTIVE: BookingStatus[] = ['approved', 'confirmed'];
/** Days the cron closes in one run when it finds several open (a run missed): the oldest first. */
export const CRON_CATCH_UP_DAYS = 7;

/**
 * GET /api/admin/day-close/:date: the stored report of a closed day, or the figures so far of an
 * open one (computed by the same expression the close stores; the folio's `dayReport`, which the
 * manager reports read too).
 */
export const dayCloseReport = dayReport;

/** Arrivals of `date` not checked in: recorded as no-shows (each its own batch, as at the desk). */
async function recordNoShows(db: Db, actor: SessionUser | null, date: string): Promise<number> {
  const arrivals = await dayStays.unarrivedOnQuery(db, date, ACTIVE);
  let recorded = 0;
  for (const booking of arrivals) {
    try {
      await dayStays.recordNoShow(db, booking, actor);
      recorded += 1;
    } catch (err) {
      // Checked in or changed meanwhile: no longer an arrival that never came.
      if (!(err instanceof ApiError)) throw err;
    }
  }
  return recorded;
}

/** The stays in house the night of `date` (checked in, not out, the night within their stay). */
async function stayingThatNight(db: Db, date: string): Promise<BookingSubmission[]> {
  return dayStays.inHouseOnNightQuery(db, date, ACTIVE);
}

/** The latest closed date, or null before the first close (one read). */
async function lastClosedDate(db: Db): Promise<string | null> {
  const [row] = await lastClosedDateQuery(db);
  return row?.date ?? null;
}

export type DayCloseResult = { report: DayCloseReport; alreadyClosed: boolean };

/**
 * Closes `date` (see the module's comment). `actor` null: the cron. `now` decides "today" (hotel
 * time): a date after it is refused (400 `day_close_future`); a date out of order 409
 * `day_close_order`.
 */
export async function closeDay(
  db: Db,
  actor: SessionUser | null,
  date: string,
  now = new Date(),
): Promise<DayCloseResult> {
  const today = hotelToday(now);
  if (date > today) throw new ApiError(400, 'day_close_future');
  const stored = await closedDay(db, date);
  if (stored) return { report: stored, alreadyClosed: true };
  const last = await lastClosedDate(db);
  if (last !== null && date !== addDays(last, 1)) throw new ApiError(409, 'day_close_order');

  // The arrival day is over only once the date is past: a day closed before its midnight leaves
  // its arrivals to the desk.
  const noShows = date < today ? await recordNoShows(db, actor, date) : 0;

  const [stays, settings] = await Promise.all([stayingThatNight(db, date), readTaxSettings(db)]);
  const posted = stays.length
    ? await postedNightsOfQuery(
        db,
        stays.map((s) => s.id),
      )
    : [];
  const postedBy = new Map<number, Set<string>>();
  for (const p of posted) {
    if (!postedBy.has(p.bookingId)) postedBy.set(p.bookingId, new Set());
    postedBy.get(p.bookingId)!.add(p.night!);
  }
  const nightStatements = stays.flatMap((booking) =>
    roomNightStatements(db, booking, {
      throughNight: date,
      businessDate: date,
      user: actor,
      settings,
      posted: postedBy.get(booking.id),
    }),
  );
  // The row last, with the report the database computes from the lines as they are at this point
  // of the transaction (the nights just posted included); only the day after the last closed one.
  const closedAt = now.getTime();
  const statements: BatchItem<'sqlite'>[] = [
    ...nightStatements,
    dayCloseStatement(db, { date, closedAt, closedBy: actor?.id ?? null, last }),
    insertWhere(
      db,
      auditLog,
      auditEntry(actor, 'day_close.close', 'day_close', date, null, {
        roomNights: nightStatements.length,
        noShows,
        by: actor ? 'staff' : 'cron',
      }),
      dayClosedAtSql(date, closedAt),
    ),
    // Group blocks whose release date is this day or before give back what is not picked up (modules/groups).
    ...releaseDueGroupsStatements(db, date, closedAt, dayClosedAtSql(date, closedAt)),
    // The books on hand of the 365 nights ahead, stored by this close only (modules/reports).
    ...booksOnHandStatements(db, { date, closedAt, settings }),
    // The day's guest nights per stay and companion by nationality, for the tourism return (modules/reports).
    ...guestNightsStatements(db, { date, closedAt }),
    // The new day's housekeeping tasks, kept in step with the stays from now on (modules/housekeeping).
    ...makeDayStatements(db, addDays(date, 1), actor?.id ?? null),
  ];
  try {
    await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (err) {
    // Closed by another request meanwhile: its room nights made ours conflict with a closed day.
    if (!String(err).includes('day_closed')) throw err;
  }
  const report = await closedDay(db, date);
  if (!report) throw new ApiError(409, 'day_close_order');
  // The day's journal, kept as the day closed (modules/accounting); should that fail, its first
  // read keeps it: the close itself is done and stands.
  await keepDayJournal(db, date).catch((err: unknown) => console.error('journal not kept', date, err));
  return { report, alreadyClosed: report.closedAt !== new Date(closedAt).toISOString() };
}

/**
 * The cron (03:00 Asia/Muscat): closes the day before if nobody did, and any earlier day left open
 * since the last close (oldest first, at most CRON_CATCH_UP_DAYS a run). Before any close, only
 * the day before.
 */
export async function closeDueDays(db: Db, now = new Date()) {
  const yesterday = addDays(hotelToday(now), -1);
  const last = await lastClosedDate(db);
  if (last !== null && last >= yesterday) return { closed: [] as string[] };
  const closed: string[] = [];
  let date = last === null ? yesterday : addDays(last, 1);
  while (date <= yesterday && closed.length < CRON_CATCH_UP_DAYS) {
    await closeDay(db, null, date, now);
    closed.push(date);
    date = addDays(date, 1);
  }
  return { closed };
}

import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { MAX_STAY_NIGHTS, type BookingStatus } from '@shared/constants';
import { addDays, hotelToday } from '@shared/dates';
import type { DayCloseReport } from '@shared/day-close';
import { NO_SHOW_REASON } from '@shared/stay-policy';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { auditLog } from '../../platform/tables';
import {
  changeBookingStatus,
  inHouseOnNightQuery,
  notCheckedInSql,
  unarrivedOnQuery,
  type BookingSubmission,
} from '../bookings';
import {
  dayClosedAtSql,
  dayCloseStatement,
  dayFiguresSql,
  lastClosedDate,
  postedNightsOfQuery,
  readTaxSettings,
  roomNightStatements,
  storedDayClose,
} from '../folio';

/**
 * The day close (docs/decisions/069-day-close.md): a business date closed by a manager, or by the
 * cron at 03:00 Asia/Muscat for the day before. Closing a date, in this order:
 *  1. each arrival of the date that never came (approved or confirmed, not checked in) becomes a
 *     no-show, as the desk records one (its own batch each, with the guest's notice), once the
 *     date is over; nothing is charged for it;
 *  2. ONE batch: every stay in house that night gets its room nights up to that night posted
 *     (each night once), then the day_closes row with the report computed by the database from
 *     the date's lines in the same transaction, and the audit line.
 * Once the row exists, the triggers refuse any line or company payment dated that day. Closing a
 * closed day again changes nothing and answers the stored report. Days close in order: after the
 * first close, only the day after the last closed one.
 */

const ACTIVE: BookingStatus[] = ['approved', 'confirmed'];
/** Days the cron closes in one run when it finds several open (a run missed): the oldest first. */
export const CRON_CATCH_UP_DAYS = 7;

const sum = (expr: SQL) => sql`coalesce(sum(${expr}), 0)`;

/**
 * The report of `date` as one SQL expression (a JSON text): the folio's figures of the date
 * (`dayFiguresSql`: along the business-date index of the date's lines and company payments), the
 * in-house stays along the check-in index (a stay is at most MAX_STAY_NIGHTS long), the rooms for
 * sale.
 */
function reportJson(date: string): SQL {
  const f = dayFiguresSql(date);
  const roomsSold = f.roomsSold;
  const roomsForSale = sql`((select coalesce(sum(total_count), 0) from room_inventory)
    - (select count(*) from room_blocks where from_date <= ${date} and to_date > ${date}))`;
  return sql`json_object(
    'date', ${date},
    'revenueBaisa', ${f.revenueBaisa},
    'taxesBaisa', ${f.taxesBaisa},
    'paymentsBaisa', ${f.paymentsBaisa},
    'refundsBaisa', ${f.refundsBaisa},
    'transfersBaisa', ${f.transfersBaisa},
    'cityLedgerPaymentsBaisa', ${f.cityLedgerPaymentsBaisa},
    'inHouseBalanceBaisa', (select ${sum(sql`folio_balance_baisa`)} from booking_submissions
      where check_in_date >= ${addDays(date, -MAX_STAY_NIGHTS)} and check_in_date <= ${date}
      and +status in ('approved', 'confirmed') and checked_in_at is not null and checked_out_at is null),
    'cityLedgerBalanceBaisa', ${f.cityLedgerBalanceBaisa},
    'roomsSold', ${roomsSold},
    'roomsForSale', ${roomsForSale},
    'occupancy', case when ${roomsForSale} > 0 then cast(${roomsSold} as real) / ${roomsForSale} end,
    'adrBaisa', ${f.adrBaisa},
    'roomChargesBaisa', ${f.roomChargesBaisa},
    'noShows', (select count(*) from booking_submissions where check_in_date = ${date}
      and status = 'cancelled' and status_reason = ${NO_SHOW_REASON}),
    'onlinePayments', ${onlinePaymentsJson(f.onlinePaymentLines)}
  )`;
}

/**
 * The day's online payments, one by one (decision 071): each line's checkout session (found among
 * its booking's few), the booking's reference and the provider's payment id, read along the
 * business-date index as the sums are.
 */
function onlinePaymentsJson(lines: SQL): SQL {
  return sql`(select json(coalesce(json_group_array(json_object('sessionId', s.id, 'bookingId', l.booking_id,
      'bookingReference', b.reference, 'amountBaisa', l.amount_baisa, 'providerPaymentId', l.provider_reference)), '[]'))
    from ${lines} l
    join booking_submissions b on b.id = l.booking_id
    left join payment_sessions s on s.booking_id = l.booking_id and s.payment_line_id = l.id)`;
}

type StoredReport = Omit<DayCloseReport, 'closed' | 'closedAt' | 'closedBy'>;

/** The stored row of `date` with its closer's e-mail, if the day is closed. */
const storedClose = storedDayClose;

function closedReport(row: NonNullable<Awaited<ReturnType<typeof storedClose>>>): DayCloseReport {
  const report = (typeof row.report === 'string' ? JSON.parse(row.report) : row.report) as StoredReport;
  // A day closed before online payments has no list: none were taken.
  return {
    ...report,
    onlinePayments: report.onlinePayments ?? [],
    closed: true,
    closedAt: row.closedAt.toISOString(),
    closedBy: row.closedBy ?? null,
  };
}

/**
 * GET /api/admin/day-close/:date: the stored report of a closed day, or the figures so far of an
 * open one (computed by the same expression the close stores).
 */
export async function dayCloseReport(db: Db, date: string): Promise<DayCloseReport> {
  const stored = await storedClose(db, date);
  if (stored) return closedReport(stored);
  const row = await db.get<{ report: string }>(sql`select ${reportJson(date)} as report`);
  return { ...(JSON.parse(row.report) as StoredReport), closed: false, closedAt: null, closedBy: null };
}

/** Arrivals of `date` not checked in: recorded as no-shows (each its own batch, as at the desk). */
async function recordNoShows(db: Db, actor: SessionUser | null, date: string): Promise<number> {
  const arrivals = await unarrivedOnQuery(db, date, ACTIVE);
  let recorded = 0;
  for (const booking of arrivals) {
    try {
      await changeBookingStatus(db, booking, 'cancelled', actor, NO_SHOW_REASON, {
        where: notCheckedInSql(),
      });
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
  return inHouseOnNightQuery(db, date, ACTIVE);
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
  const stored = await storedClose(db, date);
  if (stored) return { report: closedReport(stored), alreadyClosed: true };
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
    dayCloseStatement(db, { date, report: reportJson(date), closedAt, closedBy: actor?.id ?? null, last }),
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
  ];
  try {
    await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  } catch (err) {
    // Closed by another request meanwhile: its room nights made ours conflict with a closed day.
    if (!String(err).includes('day_closed')) throw err;
  }
  const row = await storedClose(db, date);
  if (!row) throw new ApiError(409, 'day_close_order');
  return { report: closedReport(row), alreadyClosed: row.closedAt.getTime() !== closedAt };
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

import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import type { BookingChange, BookingRequest } from '@shared/booking-schemas';
import { MAX_STAY_NIGHTS, type Language } from '@shared/constants';
import { hotelToday, stayNights } from '@shared/dates';
import { guestCountsOf, storedGuests } from '@shared/guest-counts';
import { nightsBetween } from '@shared/money';
import { changedStayPrice } from '@shared/stay-price';
import { nightPricesSummingTo } from '@shared/rates';
import { guestMayManage, ruleDeadline } from '@shared/stay-policy';
import { notifications, staffAlerts } from '../../platform/tables';
import { bookingNights, bookingSubmissions, type BookingSubmission } from './tables';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { insertWhere, newChangeToken, rowExists } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { changeBookingStatus } from './booking-status';
import { bookingAlternatives, type BookingAlternatives } from './booking-alternatives';
import { bookingRefusal } from './insert-booking';
import { ApiError, type ErrorBody } from '../../platform/api-error';
import { bookingDetailsSql, sqlText, text, translate } from '../../platform/messages';
import { notifyStatements } from '../../platform/notify';
import { priceStay, type PricedStay } from '../rates';

/**
 * A guest managing their own booking: cancelling it, and changing
 * its dates, guests, room, bed or smoking choice. The caller has found the booking as its owner
 * (modules/bookings/booking-access.ts findOwnedBooking: the account, or a device it was granted to); these
 * decide the rest on plain values. `now` is a parameter so the deadline's edges can be tested.
 *
 * The rule (shared/src/stay-policy.ts guestMayManage): a pending request at any time; an approved
 * or confirmed booking up to the deadline (check-in time on the arrival day, Asia/Muscat, minus
 * the site's `freeCancellationHours`); nothing else. After the deadline: 409
 * `cancellation_deadline_passed` (the app offers to call the hotel).
 *
 * Points bookings (free nights) are not changed: their price is points spent for one night of
 * one room, so a change would need a second redemption or a refund in the same step. The guest
 * cancels (the points come back, as today) and books again: 409 `points_booking_unchangeable`.
 */

/** What the policy needs of the site settings. */
export type PolicySettings = { checkInTime: string; freeCancellationHours: number };

/**
 * 409 unless the guest may still cancel or change `booking` at `now`, under the cancellation rule
 * it was sold under (shared/src/stay-policy.ts `ruleDeadline`: a non-refundable booking may be
 * cancelled up to check-in time, never changed: 409 `non_refundable_unchangeable`).
 */
export function assertGuestMayManage(
  booking: BookingSubmission,
  settings: PolicySettings,
  now: Date,
  action: 'cancel' | 'change',
): void {
  const { deadline, nonRefundable } = ruleDeadline(
    booking.checkInDate,
    settings.checkInTime,
    booking.cancellationRule,
    settings.freeCancellationHours,
  );
  const verdict = guestMayManage(booking.status, deadline, now);
  if (verdict === 'status') throw new ApiError(409, 'booking_not_manageable');
  if (verdict === 'deadline_passed') throw new ApiError(409, 'cancellation_deadline_passed');
  if (action === 'change' && nonRefundable) throw new ApiError(409, 'non_refundable_unchangeable');
}

/**
 * The guest cancels their own booking (pending, or approved/confirmed up to the deadline): the
 * same one-batch move as staff's (modules/bookings/booking-status.ts changeBookingStatus: nights released, points
 * the booking moved given back, audit line, notices). `actor` is the account, or null for a
 * guest without one.
 */
export async function cancelOwnBooking(
  db: Db,
  booking: BookingSubmission,
  actor: SessionUser | null,
  settings: PolicySettings,
  options: { reason?: string; now?: Date } = {},
): Promise<BookingSubmission> {
  const now = options.now ?? new Date();
  assertGuestMayManage(booking, settings, now, 'cancel');
  // The refund or the charge of what was paid online is decided at the same instant (platform/booking-hooks.ts).
  return changeBookingStatus(db, booking, 'cancelled', actor, options.reason, { now });
}

/**
 * The stay a change makes: the booking's, with what the change names instead. Its guests: the
 * adults and children named, the booking's own for what is left out (`numberOfGuests` alone:
 * that many adults); 400 `guests_range` for counts that cannot be.
 */
export function changedStay(
  booking: BookingSubmission,
  change: Partial<Pick<BookingChange, keyof BookingChange>>,
) {
  const roomType = change.roomType ?? booking.roomType;
  const guests = guestCountsOf(change, storedGuests(booking));
  if (!guests) throw new ApiError(400, 'validation_failed', { numberOfGuests: 'guests_range' });
  return {
    checkInDate: change.checkInDate ?? booking.checkInDate,
    checkOutDate: change.checkOutDate ?? booking.checkOutDate,
    ...guests,
    roomType,
    // A numbered room belongs to its type: another type has no room chosen yet.
    roomNumber: roomType === booking.roomType ? booking.roomNumber : null,
    bedType: change.bedType ?? booking.bedType,
    smokingPreference: change.smokingPreference ?? booking.smokingPreference,
  };
}
export type Stay = ReturnType<typeof changedStay>;

export const STAY_FIELDS = [
  'checkInDate',
  'checkOutDate',
  'numberOfGuests',
  'adults',
  'children',
  'roomType',
  'bedType',
  'smokingPreference',
] as const;

/** The booking's stay as a change compares it: its guests read as adults and children. */
export const storedStay = (b: BookingSubmission) => ({ ...b, ...storedGuests(b) });

/** The booking's stay as the audit line and the answer name it. */
export const stayOf = (
  b: Pick<BookingSubmission, (typeof STAY_FIELDS)[number] | 'totalPrice' | 'status'>,
) => ({
  checkInDate: b.checkInDate,
  checkOutDate: b.checkOutDate,
  ...storedGuests(b),
  roomType: b.roomType,
  bedType: b.bedType,
  smokingPreference: b.smokingPreference,
  totalPriceBaisa: b.totalPrice,
  status: b.status,
});

/** 400 for a stay no booking may have (the same rules as a new request's). */
function checkStay(booking: BookingSubmission, stay: Stay, now: Date): void {
  const stored = storedStay(booking);
  if (STAY_FIELDS.every((field) => stay[field] === stored[field])) {
    throw new ApiError(400, 'validation_failed', { _: 'no_change' });
  }
  const datesMoved = stay.checkInDate !== booking.checkInDate || stay.checkOutDate !== booking.checkOutDate;
  if (datesMoved && stay.checkInDate < hotelToday(now)) {
    throw new ApiError(400, 'validation_failed', { checkInDate: 'check_in_past' });
  }
  const nights = nightsBetween(stay.checkInDate, stay.checkOutDate);
  if (nights < 1) throw new ApiError(400, 'validation_failed', { checkOutDate: 'check_out_after_check_in' });
  if (nights > MAX_STAY_NIGHTS)
    throw new ApiError(400, 'validation_failed', { checkOutDate: 'stay_too_long' });
}

export type ChangeOutcome =
  | { status: 200; booking: BookingSubmission }
  | { status: 409; body: ErrorBody & { error: { alternatives: BookingAlternatives } } };

const STOCK_REFUSALS = new Set(['no_rooms_available', 'no_beds_available', 'no_smoking_available']);

/**
 * The guest changes their own booking, in ONE D1 batch:
 *
 * 1. the row, only if it is still in the status and at the change token it was read with (so of
 *    two changes of one booking at once, one applies; the other answers 409 `booking_changed`):
 *    the new stay, the server's price (today's offers, as a new request), back to `pending` if it
 *    was approved or confirmed (its hold runs from now: `pending_since`), and a fresh token;
 * 2. its old nights released and the new ones held: the database's triggers refuse a night past
 *    the allotment and the whole batch rolls back (20 changes at once into the last room: one);
 * 3. the audit line, the guest's notice and the staff's alert (e-mail and push, platform/notify.ts
 *    `booking_changed`), each only if this request's token is on the row.
 *
 * A stay the hotel cannot take answers 409 with the `alternatives` a new request's refusal has.
 */
export async function changeOwnBooking(
  db: Db,
  booking: BookingSubmission,
  change: BookingChange,
  context: {
    actor: SessionUser | null;
    settings: PolicySettings;
    language: Language;
    now?: Date;
    requestId?: string;
  },
): Promise<ChangeOutcome> {
  const now = context.now ?? new Date();
  assertGuestMayManage(booking, context.settings, now, 'change');
  if (booking.isPointsBooking) throw new ApiError(409, 'points_booking_unchangeable');
  const stay = changedStay(booking, change);
  checkStay(booking, stay, now);
  const price = await stayPrice(db, booking, stay, { staff: false, now });
  const backToPending = booking.status !== 'pending';
  const after = {
    ...stayOf({ ...stay, totalPrice: price.totalPrice, status: 'pending' }),
    status: 'pending' as const,
  };
  return commitStayChange(db, booking, {
    stay,
    set: {
      ...price,
      status: 'pending',
      statusReason: null,
      ...(backToPending && { pendingSince: now }),
    },
    holds: heldAs(stay),
    statements: (won, mine) => [
      insertWhere(
        db,
        auditLog,
        auditEntry(context.actor, 'booking.changed', 'booking', booking.id, stayOf(booking), after),
        won,
      ),
      insertWhere(db, notifications, stayNotice(booking, stay, 'booking_change.notice'), won),
      // The desk's bell: a change to approve, like a new request (the guest's details are read
      // from the booking when listed).
      insertWhere(db, staffAlerts, { kind: 'booking_changed', bookingId: booking.id }, won),
      ...notifyStatements(db, { kind: 'booking_changed', where: mine }),
    ],
    language: context.language,
    requestId: context.requestId,
    now,
  });
}

/**
 * The price of a changed stay (shared/src/stay-price.ts): the new stay priced on the booking's plan
 * as a new request's would be (modules/rates `priceStay`; a guest's change is refused by the
 * plan's restrictions with their codes, staff's is not), or a manager's price kept per night; its
 * nightly prices summing to the total. `keepSold` (a stay in house): the nights it was sold keep
 * their prices while its room type and guests stay, only the nights added are priced on today's
 * rates (an extension does not re-price the nights the guest has slept or was sold).
 */
export async function stayPrice(
  db: Db,
  booking: BookingSubmission,
  stay: Pick<Stay, 'checkInDate' | 'checkOutDate' | 'roomType' | 'numberOfGuests' | 'adults' | 'children'>,
  options: { staff: boolean; now: Date; keepSold?: boolean },
  override?: number | null,
) {
  const rated = await ratedStay(db, booking, stay, options);
  const price = changedStayPrice(booking, stay, rated.totalPriceBaisa, override);
  return {
    ...price,
    nightPrices: nightPricesSummingTo(
      rated.nights.map((n) => n.priceBaisa),
      price.totalPrice,
    ),
  };
}

/**
 * A changed stay's nights priced on the booking's plan, before any price a manager set by hand
 * (`stayPrice`'s figures, and the Edit stay dialog's quote, which applies the manager's price
 * itself): `keepSold` keeps the prices a stay in house was sold at.
 */
export async function ratedStay(
  db: Db,
  booking: BookingSubmission,
  stay: Pick<Stay, 'checkInDate' | 'checkOutDate' | 'roomType' | 'numberOfGuests' | 'adults' | 'children'>,
  options: { staff: boolean; now: Date; keepSold?: boolean },
) {
  const rated = await priceStay(
    db,
    { ...stay, ratePlan: booking.ratePlan },
    {
      restricted: !options.staff,
      staff: true,
      // The booking's own plan, private or not, was accepted when it was booked.
      companyPlans: [booking.ratePlan],
      // A stay keeps a type since retired, but nobody moves one into it (400 room_type_retired).
      retiredType: stay.roomType === booking.roomType,
      now: options.now,
    },
  );
  return keptSold(booking, stay, rated, options.keepSold ?? false);
}

/** A stay priced on the booking's plan (modules/rates), the nights it was sold keeping their prices when `keepSold`. */
export function keptSold(
  booking: BookingSubmission,
  stay: Pick<Stay, 'roomType' | 'numberOfGuests'>,
  rated: Pick<PricedStay, 'ratePlan' | 'nights'>,
  keepSold: boolean,
) {
  const sold = keepSold ? soldNightPrices(booking, stay) : new Map<string, number>();
  const nights = rated.nights.map((n) => ({ date: n.date, priceBaisa: sold.get(n.date) ?? n.priceBaisa }));
  return {
    ratePlan: rated.ratePlan,
    nights,
    totalPriceBaisa: nights.reduce((sum, n) => sum + n.priceBaisa, 0),
  };
}

/**
 * The prices the booking's nights were sold at, by date, while the stay keeps its room type and
 * guests (none for a booking without nightly prices: made before rates).
 */
function soldNightPrices(
  booking: BookingSubmission,
  stay: Pick<Stay, 'roomType' | 'numberOfGuests'>,
): Map<string, number> {
  const prices = booking.nightPrices;
  const dates = stayNights(booking.checkInDate, booking.checkOutDate);
  if (!prices || prices.length !== dates.length) return new Map();
  if (stay.roomType !== booking.roomType || stay.numberOfGuests !== booking.numberOfGuests) return new Map();
  return new Map(dates.map((date, i) => [date, prices[i]!]));
}

/** The type, bed and smoking a stay's nights are held in (its own, unless a room says otherwise). */
export type HeldAs = {
  roomType: Stay['roomType'];
  bedType: Stay['bedType'];
  smokingType: Stay['smokingPreference'];
};
export const heldAs = (stay: Stay): HeldAs => ({
  roomType: stay.roomType,
  bedType: stay.bedType,
  smokingType: stay.smokingPreference,
});

/**
 * A change of a booking's stay, in ONE D1 batch (a guest's own change and staff's edit alike):
 *
 * 1. the row, only if it is still in the status, check-in state and change token it was read with
 *    (so of two changes of one booking at once, one applies; the other answers 409
 *    `booking_changed`): the new stay, what `set` adds (price, status, the guest's details), and a
 *    fresh token;
 * 2. its old nights released and the new ones held: the database's triggers refuse a night past
 *    the allotment and the whole batch rolls back (20 changes at once into the last room: one);
 * 3. what follows from it (`statements`: room nights, audit line, notices, outbox rows), each only
 *    if this request's token is on the row (`won`; `mine` is the same condition over the row).
 *
 * A stay the hotel cannot take answers 409 with the `alternatives` a new request's refusal has;
 * other refusals of the database are thrown (bookingRefusal: a room's night taken is
 * `numbered_room_taken`).
 */
export async function commitStayChange(
  db: Db,
  booking: BookingSubmission,
  change: {
    stay: Stay;
    set: Partial<typeof bookingSubmissions.$inferInsert>;
    /** Null: the holds stay as they are (nothing of the stay changed). */
    holds: HeldAs | null;
    statements: (won: SQL, mine: SQL) => BatchItem<'sqlite'>[];
    language: Language;
    requestId?: string;
    now: Date;
  },
): Promise<ChangeOutcome> {
  const { stay } = change;
  const token = newChangeToken();
  const mine = sql`${bookingSubmissions.id} = ${booking.id} and ${bookingSubmissions.changeToken} = ${token}`;
  const won = rowExists(bookingSubmissions, mine);
  let changed: BookingSubmission | undefined;
  try {
    const [rows] = await db.batch([
      db
        .update(bookingSubmissions)
        .set({ ...stay, ...change.set, changeToken: token, updatedAt: change.now })
        .where(
          and(
            eq(bookingSubmissions.id, booking.id),
            eq(bookingSubmissions.status, booking.status),
            // `is`: equal, null included (a booking never changed has no token yet).
            sql`${bookingSubmissions.changeToken} is ${booking.changeToken}`,
            sql`${bookingSubmissions.checkedInAt} is ${booking.checkedInAt?.getTime() ?? null}`,
            isNull(bookingSubmissions.checkedOutAt),
          ),
        )
        .returning(),
      ...(change.holds
        ? [
            db.delete(bookingNights).where(and(eq(bookingNights.bookingId, booking.id), won)),
            // A group member's new nights are taken from its block's hold of the same type.
            holdsIfWon(
              db,
              booking.id,
              stay,
              { ...change.holds, groupId: memberGroup(booking, change.holds) },
              won,
            ),
          ]
        : []),
      ...change.statements(won, mine),
    ]);
    changed = (rows as BookingSubmission[])[0];
  } catch (err) {
    const refusal = bookingRefusal(err);
    if (!refusal || !STOCK_REFUSALS.has(refusal.code)) throw refusal ?? err;
    const asked: BookingRequest = {
      ...stay,
      ratePlan: booking.ratePlan,
      fullName: booking.fullName,
      phoneNumber: booking.phoneNumber,
      idNumber: booking.idNumber,
      bedType: stay.bedType ?? 'double',
      smokingPreference: stay.smokingPreference ?? 'non_smoking',
    };
    return {
      status: 409,
      body: {
        error: {
          code: refusal.code,
          message: translate(refusal.code, change.language),
          ...(change.requestId && { requestId: change.requestId }),
          alternatives: await bookingAlternatives(db, asked),
        },
      },
    };
  }
  if (!changed) throw new ApiError(409, 'booking_changed');
  return { status: 200, booking: changed };
}

/**
 * The new stay's holds, one `INSERT … SELECT` over its nights that writes them only if this
 * request won the row (the no-overbooking trigger checks each night as it is inserted). Also
 * the channel's changes of an OTA booking's rooms (channel-bookings.ts).
 */
export function holdsIfWon(
  db: Db,
  bookingId: number,
  stay: Stay,
  held: HeldAs & { groupId: number | null },
  won: SQL,
) {
  const nights = stayNights(stay.checkInDate, stay.checkOutDate);
  // A VALUES list, not a compound SELECT: D1 allows at most 5 terms in a compound SELECT, so
  // `select … union all select …` over the nights failed for every stay of six nights or more.
  const list = sql.join(
    nights.map((night) => sql`(${night})`),
    sql`, `,
  );
  return insertWhere(
    db,
    bookingNights,
    {
      bookingId,
      night: sql`n.column1`,
      ...held,
    },
    won,
    sql`(values ${list}) as n`,
  );
}

/** The block a member's changed nights are held in: its own, unless the room type changed. */
function memberGroup(booking: BookingSubmission, held: HeldAs): number | null {
  return booking.groupId !== null && held.roomType === booking.roomType ? booking.groupId : null;
}

/** The guest's in-app notice of a change to their stay (their e-mail and push come from notify). */
export function stayNotice(
  booking: BookingSubmission,
  stay: Stay,
  notice: 'booking_change.notice' | 'booking_edit.notice',
) {
  return {
    userPhone: booking.phoneNumber,
    userId: booking.userId,
    bookingId: booking.id,
    title: text('en', notice),
    titleAr: text('ar', notice),
    // The room type named by its row (read by the statement), the dates as the app shows them.
    message: sqlText(
      'en',
      'booking_change.notice_details',
      { details: bookingDetailsSql('en', stay) },
      { notice: text('en', notice) },
    ),
    messageAr: sqlText(
      'ar',
      'booking_change.notice_details',
      { details: bookingDetailsSql('ar', stay) },
      { notice: text('ar', notice) },
    ),
    type: 'booking_changed',
  };
}

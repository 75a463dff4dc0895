import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { roleAtLeast } from '@shared/roles';
import type { SessionUser } from '@shared/auth-schemas';
import { type BookingStatus } from '@shared/constants';
import { addDays, hotelToday } from '@shared/dates';
import { departureOnCheckOut } from '@shared/early-departure';
import { type BookingSubmission, bookingById, findVisibleBooking, deskStays } from '../bookings';
import { auditLog } from '../../platform/tables';
import { stayRequests } from './tables';
import type { Db } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import { ApiError } from '../../platform/api-error';
import {
  businessDateOf,
  cancellationChargeStatement,
  chargeLineValues,
  folioRefusal,
  issueInvoice,
  lastClosedDateQuery,
  masterGroupQuery,
  nightsToPost,
  ownNightsBaisa,
  postedNightSet,
  postedNightsQuery,
  readTaxSettings,
  roomNightStatements,
  stayNightPrices,
  transferLineStatement,
} from '../folio';
import { cityLedgerAccountQuery, otaCityLedgerAccountQuery } from '../companies';
import { pointsEarnedBy } from '../loyalty';
import { hasRole } from '../../platform/roles';
import { outOfServiceRoomSql } from '../work-orders';

/**
 * The desk's three moves on a booking (the day's lists: desk-day.ts): check-in (into its assigned room), check-out (the booking
 * completed as "complete" does, the room dirty, the nights from the check-out day on released) and
 * no-show (cancelled once the arrival day is over). Each move is one batch whose first statement
 * only one request can win; the days are the hotel's (Asia/Muscat).
 */

const ACTIVE: BookingStatus[] = ['approved', 'confirmed'];

function assertStaff(user: SessionUser) {
  if (!roleAtLeast(user.role, 'staff')) throw new ApiError(403, 'forbidden');
}

/**
 * Checks a booking in (staff): bookings' `deskStays.checkInStay` (modules/bookings/check-in.ts), into the room
 * assigned to it or one it is given with the check-in, passing by rooms a work order has out of
 * service.
 */
export async function checkIn(
  db: Db,
  user: SessionUser,
  id: number,
  options: { confirmNotClean?: boolean; roomId?: number; idChecked?: boolean },
  now = new Date(),
) {
  assertStaff(user);
  return deskStays.checkInStay(db, user, id, options, now, outOfServiceRoomSql);
}

/** Whether `booking` is a stay whose money the OTA named `otaName` collects (its own account's). */
function collectedBy(booking: { paymentCollect: string | null; source: string | null }, otaName: string) {
  return booking.paymentCollect === 'ota' && booking.source?.toLowerCase() === otaName.toLowerCase();
}

/** What a check-out settles and writes, worked out before its batch (`checkOutParts`). */
type CheckOutParts = {
  user: SessionUser;
  booking: BookingSubmission;
  stay: Parameters<typeof roomNightStatements>[1];
  now: Date;
  today: string;
  lastNight: string;
  businessDate: string;
  settings: Awaited<ReturnType<typeof readTaxSettings>>;
  posted: ReturnType<typeof postedNightSet>;
  nights: { night: string }[];
  kept: ReturnType<typeof chargeLineValues> | null;
  keptBaisa: number;
  transfer: { cityLedgerAccountId: number; amountBaisa: number } | null;
  shortened: boolean;
  refundUnusedNights?: { reason: string };
  /** The balance with the nights stayed posted, before what a non-refundable stay keeps. */
  due: number;
};

/** What staff ask of a check-out: a company account to take the balance, unused nights refunded (a manager). */
type CheckOutOptions = { cityLedgerAccountId?: number; refundUnusedNights?: { reason: string } };

/**
 * A non-refundable stay leaving early keeps what it paid for the nights it gives up, as a
 * cancellation would (a cancellation charge, up to the credit the nights stayed leave), unless a
 * manager decided, with a reason, to refund them (`keep` false).
 */
function unusedNightsKept(
  booking: BookingSubmission,
  settings: Awaited<ReturnType<typeof readTaxSettings>>,
  {
    departure,
    due,
    businessDate,
    keep,
  }: { departure: string; due: number; businessDate: string; keep: boolean },
) {
  const unusedBaisa =
    keep && booking.cancellationRule?.kind === 'non_refundable'
      ? stayNightPrices(booking)
          .filter((n) => n.night >= departure)
          .reduce((sum, n) => sum + n.priceBaisa, 0)
      : 0;
  const keptBaisa = Math.min(unusedBaisa, Math.max(0, -due));
  const kept =
    keptBaisa > 0
      ? chargeLineValues({ ...settings, pricesIncludeTaxes: true }, 'other', businessDate, keptBaisa)
      : null;
  return { keptBaisa, kept };
}

/** A balance left and nowhere to move it: the nights go on the folio now, so staff and the guest see what is owed. */
async function refuseUnsettled(
  db: Db,
  stay: Parameters<typeof roomNightStatements>[1],
  p: Pick<CheckOutParts, 'lastNight' | 'businessDate' | 'user' | 'settings' | 'posted' | 'keptBaisa'> & {
    due: number;
  },
): Promise<never> {
  const { lastNight, businessDate, user, settings, posted, due, keptBaisa } = p;
  const postNights = roomNightStatements(db, stay, {
    throughNight: lastNight,
    businessDate,
    user,
    settings,
    posted,
  });
  if (postNights.length > 0) {
    await db.batch(postNights as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]).catch((err: unknown) => {
      throw folioRefusal(err) ?? err;
    });
  }
  const fresh = await bookingById(db, stay.id).get();
  throw balanceRefusal((fresh?.folioBalanceBaisa ?? due) + keptBaisa);
}

/**
 * The check-out's batch after the booking's row (under `won`, that row's change): the nights
 * stayed posted, a non-refundable stay's unused nights kept, the balance moved to a company
 * account, the room to be cleaned, its nights from today released, the stay's open requests
 * done, the audit line.
 */
function checkOutStatements(db: Db, won: SQL, p: CheckOutParts): BatchItem<'sqlite'>[] {
  const { user, booking, stay, now, today, lastNight, businessDate, settings, posted, nights } = p;
  const { kept, keptBaisa, transfer, shortened, refundUnusedNights } = p;
  const id = booking.id;
  const roomId = booking.roomId;
  const departure = stay.checkOutDate;
  const total = stay.totalPrice;
  return [
    ...roomNightStatements(db, stay, {
      throughNight: lastNight,
      businessDate,
      user,
      settings,
      posted,
      guard: won,
    }),
    ...(kept
      ? [
          cancellationChargeStatement(
            db,
            { bookingId: id, values: kept, businessDate, createdAt: now, createdBy: user.id },
            won,
          ),
        ]
      : []),
    ...(transfer
      ? [
          transferLineStatement(
            db,
            { bookingId: id, ...transfer, businessDate, createdAt: now, createdBy: user.id },
            won,
          ),
        ]
      : []),
    // The room to be cleaned, its nights from today released.
    ...deskStays.leaveRoomStatements(db, { bookingId: id, roomId, from: today, by: user.id, now }, won),
    // The stay's requests still open leave with the guest.
    db
      .update(stayRequests)
      .set({ status: 'done', doneAt: now, handledBy: user.id, updatedAt: now })
      .where(and(eq(stayRequests.bookingId, id), inArray(stayRequests.status, ['new', 'in_progress']), won)),
    insertWhere(
      db,
      auditLog,
      auditEntry(
        user,
        'booking.check_out',
        'booking',
        id,
        {
          checkedOutAt: null,
          ...(shortened && { checkOutDate: booking.checkOutDate, totalPrice: booking.totalPrice }),
        },
        {
          roomId,
          day: today,
          ...(shortened && { checkOutDate: departure, totalPrice: total }),
          ...(nights.length > 0 && { nightsPosted: nights.map((n) => n.night) }),
          ...(transfer && transfer),
          ...(kept && { unusedNightsKeptBaisa: keptBaisa }),
          ...(refundUnusedNights && { unusedNightsRefunded: refundUnusedNights.reason }),
        },
      ),
      won,
    ),
  ];
}

/** A check-out's batch refused: the folio's refusal, or (checked out meanwhile, the balance moved) why. */
async function checkOutRefused(db: Db, id: number, err: unknown): Promise<never> {
  const refusal = folioRefusal(err);
  if (refusal) throw refusal;
  if (err instanceof ApiError && err.code === 'status_changed') {
    // Checked out by another request, or the balance moved meanwhile (a payment, a charge).
    const fresh = await bookingById(db, id).get();
    if (!fresh || fresh.checkedOutAt) throw new ApiError(409, 'already_checked_out');
    throw balanceRefusal(fresh.folioBalanceBaisa);
  }
  throw err;
}

/**
 * Checks a booking out (staff): it must be checked in and not out. The folio is settled first:
 * every night stayed not yet posted is posted (at its nightly price, on the open business date),
 * and unless the balance is then zero the check-out is refused with 409 `balance_due` and the
 * balance (the nights stay posted, so the folio shows what is owed), or, with
 * `cityLedgerAccountId`, the balance moves to that company's account by a transfer line (409
 * `credit_limit_exceeded` over its limit or when it is closed; 404 `city_ledger_not_found` for
 * an account that does not exist). The booking is completed exactly
 * as "complete" does (modules/bookings/booking-status.ts: its points credited once, the holds
 * released), and in the same batch, only if this request won the move and the balance is still
 * the one read: the nights and the transfer, checked out at/by, the room marked dirty, and its
 * nights in the room from today (hotel time) on released for a guest leaving early, whose
 * departure becomes today and whose total that of the nights stayed.
 */
export async function checkOut(
  db: Db,
  user: SessionUser,
  id: number,
  options: CheckOutOptions = {},
  now = new Date(),
) {
  assertStaff(user);
  // Giving back what a non-refundable stay paid for nights it leaves unused is a manager's decision.
  if (options.refundUnusedNights && !hasRole(user, 'manager')) throw new ApiError(403, 'forbidden');
  const booking = await findVisibleBooking(db, user, id);
  if (booking.checkedOutAt) throw new ApiError(409, 'already_checked_out');
  if (!booking.checkedInAt) throw new ApiError(409, 'not_checked_in');
  const parts = await checkOutParts(db, user, booking, options, now);
  const { stay, shortened, due, keptBaisa, transfer } = parts;
  if (due + keptBaisa !== 0 && !transfer) await refuseUnsettled(db, stay, parts);
  const terms = deskStays.checkOutTerms(booking, booking.roomId, shortened);
  const { booking: updated } = await deskStays
    .completeFoundBooking(db, user, booking, {
      set: {
        checkedOutAt: now,
        checkedOutBy: user.id,
        ...(shortened && {
          checkOutDate: stay.checkOutDate,
          totalPrice: stay.totalPrice,
          nightPrices: stay.nightPrices,
        }),
        // What the check-out replaces, for a manager's undo the same day (modules/front-desk/stay-reversals.ts).
        closedFrom: terms.closedFrom,
      },
      // The balance as read: a line posted meanwhile is looked at again.
      where: terms.where,
      statements: (won) => checkOutStatements(db, won, parts),
    })
    .catch((err: unknown) => checkOutRefused(db, id, err));
  const invoiceId = await invoiceOnCheckOut(db, user, id, now);
  return { booking: updated, pointsEarned: await pointsEarnedBy(db, booking), invoiceId };
}

/**
 * What checking `booking` out settles: the company account that takes the balance (staff's, or
 * the OTA's for a stay it collects), the stay as it ends (today for a guest leaving early: its
 * total that of the nights stayed, their own nightly prices, so the nights given up are neither
 * sold nor billed), the nights stayed not yet posted and the balance with them, what a
 * non-refundable stay keeps of the nights it gives up, and the transfer. Two reads besides the
 * tax settings: the OTA's account if asked, one batch for the rest.
 */
async function checkOutParts(
  db: Db,
  user: SessionUser,
  booking: BookingSubmission,
  { cityLedgerAccountId, refundUnusedNights }: CheckOutOptions,
  now: Date,
): Promise<CheckOutParts> {
  // The balance of a stay its OTA collects goes to the OTA's company account unless staff name another.
  if (cityLedgerAccountId === undefined && booking.paymentCollect === 'ota' && booking.source)
    cityLedgerAccountId = (await otaCityLedgerAccountQuery(db, booking.source).get())?.id;
  const today = hotelToday(now);
  const {
    checkOutDate: departure,
    totalPrice: total,
    nightPrices,
    early: shortened,
  } = departureOnCheckOut(booking, today);
  const [settings, [closed, postedRows, account, master]] = await Promise.all([
    readTaxSettings(db),
    db.batch([
      lastClosedDateQuery(db),
      postedNightsQuery(db, booking.id),
      // The company account asked for (along its key; none asked: id 0, nothing read).
      cityLedgerAccountQuery(db, cityLedgerAccountId ?? 0),
      masterGroupQuery(db, booking.id),
    ]),
  ]);
  if (cityLedgerAccountId !== undefined && account.length === 0)
    throw new ApiError(404, 'city_ledger_not_found');
  // An OTA's account takes only the stays that OTA collects, never another guest's bill.
  const named = account[0];
  if (named?.kind === 'ota' && !collectedBy(booking, named.name)) {
    throw new ApiError(400, 'city_ledger_account_is_ota', {
      cityLedgerAccountId: 'city_ledger_account_is_ota',
    });
  }
  const businessDate = businessDateOf(closed, now);
  const stay = { ...booking, checkOutDate: departure, totalPrice: total, nightPrices };
  const posted = postedNightSet(postedRows);
  const lastNight = addDays(departure, -1);
  const nights = nightsToPost(stay, lastNight, posted);
  const due = booking.folioBalanceBaisa + ownNightsBaisa(nights, settings, businessDate, master.length > 0);
  const { keptBaisa, kept } = unusedNightsKept(booking, settings, {
    departure,
    due,
    businessDate,
    keep: shortened && !master.length && !refundUnusedNights,
  });
  const settled = due + keptBaisa;
  const transfer =
    cityLedgerAccountId !== undefined && settled > 0 ? { cityLedgerAccountId, amountBaisa: settled } : null;
  const common = { user, booking, stay, now, today, lastNight, businessDate, settings, posted, nights };
  return { ...common, kept, keptBaisa, transfer, shortened, refundUnusedNights, due };
}

/**
 * The tax invoice of what the stay was charged and not yet invoiced (the nights just posted with
 * it), in a batch of its own right after the check-out's: its lines are the folio's as the
 * check-out left it. Nothing to invoice (a points stay, all invoiced already) answers none; if
 * this batch failed, the stay is out and staff issue the invoice from the folio.
 */
async function invoiceOnCheckOut(db: Db, user: SessionUser, id: number, now: Date): Promise<number | null> {
  const invoice = await issueInvoice(db, user, id, {}, now).catch((err: unknown) => {
    if (err instanceof ApiError && err.code === 'nothing_to_invoice') return null;
    console.log(JSON.stringify({ msg: 'check-out-invoice-failed', bookingId: id, error: String(err) }));
    return null;
  });
  return invoice?.id ?? null;
}

/**
 * The check-out's refusal of an unsettled folio, with its balance: owed by the guest
 * (`balance_due`), or owed to the guest, a credit to refund first (`balance_in_credit`).
 */
const balanceRefusal = (balanceBaisa: number) =>
  new ApiError(409, balanceBaisa < 0 ? 'balance_in_credit' : 'balance_due', undefined, { balanceBaisa });

/**
 * A no-show (staff): an approved or confirmed booking not checked in, once its arrival day is over
 * (hotel time), is cancelled with the reason `no_show`, as staff cancel (the guest's notice, points
 * the booking moved given back), its holds and room nights released in the same batch (the latter
 * by migration 0035's trigger on a cancellation).
 */
export async function noShow(db: Db, user: SessionUser, id: number, now = new Date()) {
  assertStaff(user);
  const booking = await findVisibleBooking(db, user, id);
  if (booking.checkedInAt) throw new ApiError(409, 'no_show_checked_in');
  if (!ACTIVE.includes(booking.status)) throw new ApiError(409, 'transition_not_allowed');
  if (hotelToday(now) <= booking.checkInDate) throw new ApiError(409, 'no_show_too_early');
  return deskStays.recordNoShow(db, booking, user);
}

import { max, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import { addDays, hotelToday } from '@shared/dates';
import { openBusinessDate } from '@shared/folio';
import type { TaxAmount } from '@shared/folio';
import { nightsBetween } from '@shared/money';
import { nightPricesSummingTo } from '@shared/rates';
import { splitLine, taxesInForce, type FolioDepartment, type Tax } from '@shared/taxes';
import { insertWhere } from '../../platform/atomic';
import type { Db } from '../../platform/env';
import { type BookingSubmission, folioStays } from '../bookings';
import { dayCloses, folioLines } from './tables';

/**
 * The folio's posting primitives (decision 067), shared by the folio's routes, the check-out and
 * the day close: the business date a line is posted on, a charge's amount split by the taxes in
 * force, and the statements that post a stay's room nights, each night once.
 */

/**
 * The latest closed business date (a query to put in a batch): `[{ date }]`, date null if none.
 *
 * @example
 * const [closed, posted] = await db.batch([lastClosedDateQuery(db), postedNightsQuery(db, 7)]);
 * const businessDate = businessDateOf(closed);
 */
export function lastClosedDateQuery(db: Db) {
  return db.select({ date: max(dayCloses.date) }).from(dayCloses);
}

/**
 * The open business date from `lastClosedDateQuery`'s rows: today (hotel time), or the day after the last closed one.
 *
 * @example
 * businessDateOf([{ date: null }]) // today (hotel time)
 * businessDateOf([{ date: '2026-03-10' }]) // '2026-03-11' on the 10th (closed early) or the 11th; later, today
 */
export function businessDateOf(rows: { date: string | null }[], now = new Date()): string {
  return openBusinessDate(hotelToday(now), rows[0]?.date ?? null);
}

/**
 * The open business date (one read).
 *
 * @example
 * const businessDate = await businessDateQuery(db); // '2026-03-10'
 */
export async function businessDateQuery(db: Db, now = new Date()): Promise<string> {
  return businessDateOf(await lastClosedDateQuery(db), now);
}

/** What a line is split by: whether prices include taxes, and the taxes (the hotel's settings). */
export type TaxRule = { pricesIncludeTaxes: boolean; taxes: readonly Tax[] };

/** A charge's amount, net and taxes: what a charge line stores. */
export type ChargeValues = { amountBaisa: number; netBaisa: number; taxes: TaxAmount[] };

/**
 * A charge of `priceBaisa` in `department` on `businessDate`, split by the taxes in force then.
 * Prices include taxes (the default): the line's amount is the price, split into net and taxes
 * (net + taxes = amount). Prices without taxes: the price is the net and the taxes come on top,
 * the line's amount their sum. Either way the line's amount is what the guest owes for it.
 *
 * @example
 * chargeLineValues(settings, 'room', '2026-03-10', 25_000)
 * // prices with taxes: { amountBaisa: 25_000, netBaisa, taxes: [{ code (vat, tourism_levy...), amountBaisa }] }
 */
export function chargeLineValues(
  settings: TaxRule,
  department: FolioDepartment,
  businessDate: string,
  priceBaisa: number,
): ChargeValues {
  const inclusive = settings.pricesIncludeTaxes;
  const split = splitLine(priceBaisa, taxesInForce(settings.taxes, department, businessDate), inclusive);
  const taxTotal = split.taxes.reduce((sum, t) => sum + t.amountBaisa, 0);
  return {
    amountBaisa: inclusive ? priceBaisa : priceBaisa + taxTotal,
    netBaisa: split.netBaisa,
    taxes: split.taxes,
  };
}

/**
 * The price of each night of a stay, by night (YYYY-MM-DD): its nightly prices, or (a booking
 * made before rates kept them) its total spread evenly, the odd baisa on the first nights. A
 * points booking, a stay without a price, or a night priced 0 has no night here: nothing is owed
 * for it, and a folio line's amount is never 0.
 *
 * @example
 * stayNightPrices({ checkInDate: '2026-03-10', checkOutDate: '2026-03-12', totalPrice: 50_000,
 *   nightPrices: null, isPointsBooking: false })
 * // [{ night: '2026-03-10', priceBaisa: 25_000 }, { night: '2026-03-11', priceBaisa: 25_000 }]
 */
export function stayNightPrices(
  booking: Pick<
    BookingSubmission,
    'checkInDate' | 'checkOutDate' | 'totalPrice' | 'nightPrices' | 'isPointsBooking'
  >,
): { night: string; priceBaisa: number }[] {
  if (booking.isPointsBooking) return [];
  const nights = nightsBetween(booking.checkInDate, booking.checkOutDate);
  if (nights <= 0) return [];
  const prices =
    booking.nightPrices && booking.nightPrices.length === nights
      ? booking.nightPrices
      : booking.totalPrice !== null && booking.totalPrice > 0
        ? nightPricesSummingTo(new Array<number>(nights).fill(0), booking.totalPrice)
        : [];
  return prices
    .map((priceBaisa, i) => ({ night: addDays(booking.checkInDate, i), priceBaisa }))
    .filter((n) => Number.isSafeInteger(n.priceBaisa) && n.priceBaisa > 0);
}

/**
 * The stay's room nights to post up to and including `throughNight`, each as a charge line of
 * department `room` at that night's price; `posted` are the nights already on the folio.
 *
 * @example
 * nightsToPost(booking, '2026-03-10', postedNightSet(rows)) // the nights to the 10th not on the folio
 */
export function nightsToPost(
  booking: Parameters<typeof stayNightPrices>[0],
  throughNight: string,
  posted: ReadonlySet<string> = new Set(),
) {
  return stayNightPrices(booking).filter((n) => n.night <= throughNight && !posted.has(n.night));
}

/**
 * The statements posting each room night of `booking` up to and including `throughNight` not yet
 * posted, dated `businessDate`, at its nightly price split by the taxes in force on that date.
 * Idempotent: a night already on the folio (posted by the day close, a check-out or a request
 * racing this one) is skipped by its unique index (ON CONFLICT DO NOTHING), so its balance is
 * never moved twice. `guard`: the statements run only if it holds when the batch reaches them (a
 * check-out's `won`). No statement when nothing is owed (a points booking, nights priced 0).
 *
 * @example
 * await db.batch([
 *   ...roomNightStatements(db, booking, { throughNight: date, businessDate: date, user: null, settings }),
 *   closeRow,
 * ]);
 */
export function roomNightStatements(
  db: Db,
  booking: Pick<
    BookingSubmission,
    'id' | 'checkInDate' | 'checkOutDate' | 'totalPrice' | 'nightPrices' | 'isPointsBooking'
  >,
  {
    throughNight,
    businessDate,
    user,
    settings,
    guard,
    posted,
  }: {
    throughNight: string;
    businessDate: string;
    user: SessionUser | null;
    settings: TaxRule;
    guard?: SQL;
    posted?: ReadonlySet<string>;
  },
): BatchItem<'sqlite'>[] {
  return nightsToPost(booking, throughNight, posted).map(({ night, priceBaisa }) => {
    const values = {
      bookingId: booking.id,
      kind: 'charge' as const,
      department: 'room' as const,
      description: '',
      quantity: 1,
      ...chargeLineValues(settings, 'room', businessDate, priceBaisa),
      businessDate,
      night,
      createdBy: user?.id ?? null,
      // A member of a master-billed group: the night goes on the group's folio (decision 076).
      groupId: masterGroupIdSql(booking.id),
    };
    return insertWhere(db, folioLines, values, guard ?? sql`1`).onConflictDoNothing();
  });
}

/**
 * The group whose folio a booking's room nights go on (its block bills the members' rooms to its
 * own folio: master billing), as an SQL scalar; null: the stay's own folio. Read where the batch
 * reaches it, so a night posts where the block's billing says then.
 *
 * @example
 * sql`${masterGroupIdSql(7)} is null` // the stay's room nights are its own
 */
export const masterGroupIdSql = (bookingId: number | SQL | SQLiteColumn): SQL =>
  folioStays.masterBilledGroupIdSql(bookingId);

/**
 * What `nights` (`nightsToPost`) add to the stay's own folio when posted on `businessDate`: their
 * amounts, or nothing for a member of a master-billed group (they go on the group's folio).
 *
 * @example
 * const due = booking.folioBalanceBaisa + ownNightsBaisa(nights, settings, businessDate, master.length > 0);
 */
export const ownNightsBaisa = (
  nights: readonly { priceBaisa: number }[],
  settings: TaxRule,
  businessDate: string,
  billedToGroup: boolean,
) =>
  billedToGroup
    ? 0
    : nights.reduce(
        (sum, n) => sum + chargeLineValues(settings, 'room', businessDate, n.priceBaisa).amountBaisa,
        0,
      );

/**
 * The master-billed group of booking `bookingId`: `[{ groupId }]`, or `[]` when its room nights
 * are its own (a query to put in a batch; along the keys).
 *
 * @example
 * const [master] = await db.batch([masterGroupQuery(db, 7)]);
 * const billedToGroup = master.length > 0;
 */
export function masterGroupQuery(db: Db, bookingId: number) {
  return folioStays.masterBilledGroupQuery(db, bookingId);
}

/**
 * The nights already posted on a booking's folio (along the night index).
 *
 * @example
 * const [rows] = await db.batch([postedNightsQuery(db, 7)]);
 * const posted = postedNightSet(rows); // Set { '2026-03-10' }
 */
export function postedNightsQuery(db: Db, bookingId: number) {
  return db
    .select({ night: folioLines.night })
    .from(folioLines)
    .where(sql`${folioLines.bookingId} = ${bookingId} and ${folioLines.night} is not null`);
}

/**
 * Reads `postedNightsQuery`'s rows as a set.
 *
 * @example
 * postedNightSet([{ night: '2026-03-10' }, { night: null }]) // Set { '2026-03-10' }
 */
export const postedNightSet = (rows: { night: string | null }[]) =>
  new Set(rows.map((r) => r.night).filter((n): n is string => n !== null));

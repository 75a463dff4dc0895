import { inArray, sql, type SQLWrapper } from 'drizzle-orm';
import { ratePlans } from './tables';
import type { Db } from '../../platform/env';

/**
 * Reads of the rate plans' terms for other modules (messaging's e-mails, payments' deposits):
 * queries that can go in a D1 batch beside the caller's own, so no other module names the plans'
 * table. Each returns a drizzle query; await it, or put it in `db.batch([...])`.
 */

/**
 * Every plan's code, names and deposit terms (a handful of rows), for the plan a booking was sold on.
 *
 * @example const [bookings, plans] = await db.batch([bookingsQuery, ratePlanTermsQuery(db)]);
 */
export function ratePlanTermsQuery(db: Db) {
  return db
    .select({
      code: ratePlans.code,
      nameAr: ratePlans.nameAr,
      nameEn: ratePlans.nameEn,
      deposit: ratePlans.deposit,
      confirmOnDeposit: ratePlans.confirmOnDeposit,
    })
    .from(ratePlans);
}

/**
 * The deposit terms of the plans whose codes `codes` gives (a subquery read in the same statement).
 *
 * @example depositTermsOfPlansQuery(db, db.select({ code: bookingSubmissions.ratePlan }).from(...))
 */
export function depositTermsOfPlansQuery(db: Db, codes: SQLWrapper) {
  return db
    .select({ confirmOnDeposit: ratePlans.confirmOnDeposit, deposit: ratePlans.deposit })
    .from(ratePlans)
    .where(inArray(ratePlans.code, codes));
}

/**
 * The deposit a plan asks, or no row when `applies` is false (a booking with its own deposit rule
 * does not take its plan's): one statement either way, so a batch keeps its shape.
 *
 * @example const [plans, ...rest] = await db.batch([planDepositQuery(db, booking.ratePlan, booking.depositRule === null), ...]);
 */
export function planDepositQuery(db: Db, code: string, applies: boolean) {
  return db
    .select({ deposit: ratePlans.deposit })
    .from(ratePlans)
    .where(sql`${ratePlans.code} = ${code} and ${applies ? 1 : 0}`);
}

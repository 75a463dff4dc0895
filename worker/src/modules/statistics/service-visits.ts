import { and, gte, lte, sql } from 'drizzle-orm';
import { hotelToday } from '@shared/dates';
import type { TrackedServiceType } from '@shared/review-schemas';
import { serviceVisits } from './tables';
import type { Db, Env } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { hitStatement, LIMITS, underLimit } from '../../platform/rate-limit';
import { dailyVisitorHash } from '../../platform/visitor-hash';

/**
 * Nearby-service visits (guest spec `POST /api/track-service-visit {serviceType}`). One row per device per service type per hotel day (Asia/Muscat), keyed by the
 * salted daily visitor hash (platform/visitor-hash.ts); the raw address is never stored.
 *
 * `service_name` holds the service TYPE the spec sends: 'restaurant' or 'spa' (also in
 * `service_category`). Both restaurants count as 'restaurant'. The statistics dashboard
 * reads `serviceVisitCounts` below and may join `services` on
 * `services.category = service_visits.service_name` for names and descriptions.
 */

/**
 * Records one visit: the flood counter and the insert in ONE batch; the insert happens only
 * under the per-address limit, and the unique index (day, service, hash) makes a second
 * visit of the same device the same day change nothing. Answers whether this one counted.
 */
export async function recordServiceVisit(
  db: Db,
  env: Env,
  serviceType: TrackedServiceType,
  client: { address: string; userAgent: string },
) {
  const now = Date.now();
  const day = hotelToday(new Date(now));
  const address = client.address;
  const visitorHash = await dailyVisitorHash(env, { day, address, userAgent: client.userAgent });
  const key = `service-visit:addr:${address}`;
  const limit = LIMITS.serviceVisitsPerAddress;
  const [hits, inserted] = await db.batch([
    hitStatement(db, key, limit, now),
    insertWhere(
      db,
      serviceVisits,
      { serviceName: serviceType, serviceCategory: serviceType, visitDate: day, visitorHash },
      underLimit(key, limit, now),
    )
      .onConflictDoNothing()
      .returning({ id: serviceVisits.id }),
  ]);
  return { throttled: (hits[0]?.count ?? 0) > limit.max, counted: inserted.length > 0 };
}

/** The first and last day (YYYY-MM-DD) of the hotel month of `day`. */
function monthOf(day: string) {
  return { first: `${day.slice(0, 7)}-01`, last: `${day.slice(0, 7)}-31` };
}

/**
 * Daily and monthly visit counts per service (for the statistics dashboard): one aggregate
 * over the month's rows, read through the (visit_date, service_name) index; never the rows.
 */
export async function serviceVisitCounts(db: Db, day: string = hotelToday()) {
  const { first, last } = monthOf(day);
  const rows = await db
    .select({
      serviceName: serviceVisits.serviceName,
      category: serviceVisits.serviceCategory,
      dailyVisits: sql<number>`sum(case when ${serviceVisits.visitDate} = ${day} then 1 else 0 end)`,
      monthlyVisits: sql<number>`count(*)`,
    })
    .from(serviceVisits)
    .where(and(gte(serviceVisits.visitDate, first), lte(serviceVisits.visitDate, last)))
    .groupBy(serviceVisits.serviceName, serviceVisits.serviceCategory);
  return rows.map((r) => ({
    ...r,
    dailyVisits: Number(r.dailyVisits),
    monthlyVisits: Number(r.monthlyVisits),
  }));
}

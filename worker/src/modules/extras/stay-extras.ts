import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/env';
import { onSaleSql } from './extras-admin';
import { extraPurchases, extras } from './tables';

/**
 * A stay's extras as the desk's day and housekeeping read them (docs/decisions/098): a JSON column
 * for the caller's own query of stays (each stay's few purchases along the booking index), and the
 * early check-ins of some stays (the hour a room is wanted by: a rush).
 */

/**
 * An SQL scalar: stay `bookingId`'s purchases requested or confirmed as a JSON array of `{ id, kind,
 * status, nameAr, nameEn, time, toRoomType, fromRoomType, flightNumber, quantity, totalBaisa }`.
 *
 * @example deskStays.deskDayReads(db, date, today, { ..., extras: stayExtras.jsonSql })
 */
function jsonSql(bookingId: SQL): SQL {
  return sql`(select json(coalesce(json_group_array(json_object('id', p.id, 'kind', p.kind, 'status', p.status,
      'nameAr', e.name_ar, 'nameEn', e.name_en, 'time', p.service_time, 'toRoomType', p.to_room_type,
      'fromRoomType', p.from_room_type, 'flightNumber', json_extract(p.details, '$.flightNumber'),
      'quantity', p.quantity, 'totalBaisa', p.total_baisa, 'serviceDate', p.service_date)), '[]'))
    from ${extraPurchases} p join ${extras} e on e.id = p.extra_id
    where p.booking_id = ${bookingId} and p.status in ('requested', 'confirmed'))`;
}

/**
 * The confirmed early check-ins of stays `ids` (a subquery of booking ids): the hour each stay's room
 * is wanted by, a query for the caller's batch (a stay's few purchases along the booking index).
 *
 * @example const [tasks, early] = await db.batch([tasksQuery, stayExtras.earlyArrivalsQuery(db, ids)]);
 */
function earlyArrivalsQuery(db: Db, ids: SQL) {
  return db
    .select({ bookingId: extraPurchases.bookingId, time: extraPurchases.serviceTime })
    .from(extraPurchases)
    .where(
      and(
        sql`${extraPurchases.bookingId} in (${ids})`,
        eq(extraPurchases.kind, 'early_check_in'),
        eq(extraPurchases.status, 'confirmed'),
      ),
    )
    .orderBy(asc(extraPurchases.id));
}

/** What the desk and housekeeping read of a stay's extras. */
export const stayExtras = { jsonSql, earlyArrivalsQuery };

/** The hotel's offers on sale, at most one row: whether there is anything to offer (a query for a batch). */
export function extrasOnSaleQuery(db: Db) {
  return db.select({ id: extras.id }).from(extras).where(onSaleSql).limit(1);
}

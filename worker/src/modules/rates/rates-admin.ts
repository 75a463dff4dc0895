import { sql, type SQL } from 'drizzle-orm';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import type { SessionUser } from '@shared/auth-schemas';
import { addDays, stayNights } from '@shared/dates';
import { offerNightPrices, typeNightBaisa } from '@shared/money';
import {
  RATE_VALUE_FIELDS,
  type RateCalendarNight,
  type RateCalendarQuery,
  type RateEdit,
  type RateValueField,
} from '@shared/rate-schemas';
import {
  extraGuestSource,
  nightPriceBaisa,
  nightRestrictions,
  nightsOfRange,
  planChain,
  rateLookup,
  type RateLookup,
} from '@shared/rates';
import { MAX_OCCUPANCY, type RoomTypeCode } from '@shared/room-type-schemas';
import { ApiError } from '../../platform/api-error';
import { audit } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { offersShownTodayQuery, roomTypesQuery, roomTypeView, withPrices } from '../catalog';
import {
  plansByCode,
  rateNightsAllTypesQuery,
  rateNightsWindowQuery,
  ratePlansQuery,
  toRateNight,
} from './pricing';

/**
 * The rate calendar's reads and the bulk edit of nights (/api/admin/rates; decision 064). Storage stays one row per plan, room type and night however often
 * it is edited; a row left with nothing of its own is deleted.
 */

/** Each value's column in `rate_nights`. */
const COLUMN: Record<RateValueField, string> = {
  priceBaisa: 'price_baisa',
  singlePriceBaisa: 'single_price_baisa',
  extraGuestPriceBaisa: 'extra_guest_price_baisa',
  minStay: 'min_stay',
  maxStay: 'max_stay',
  closed: 'closed',
  closedToArrival: 'closed_to_arrival',
  closedToDeparture: 'closed_to_departure',
};

/**
 * The D1 binding under drizzle (`drizzle(d1)` keeps it as `$client`; the metered one in the
 * bench). The bulk edit's statements go to D1's own batch: drizzle's batch cannot run a raw
 * statement with bound values (drizzle-orm 0.45: its raw query has no prepared statement to bind).
 */
const d1 = (db: Db) => (db as Db & { $client: D1Database }).$client;
const dialect = new SQLiteSyncDialect();
function statement(db: Db, query: SQL | { sql: string; params: unknown[] }) {
  const q = 'params' in query ? query : dialect.sqlToQuery(query);
  return d1(db)
    .prepare(q.sql)
    .bind(...q.params);
}

/** Weekdays (0 = Sunday) as one bound number, bit d set for day d; every day when none are given. */
const weekdayMask = (weekdays?: readonly number[]) =>
  weekdays && weekdays.length > 0 ? weekdays.reduce((mask, d) => mask | (1 << d), 0) : 0b111_1111;

const bound = (value: number | boolean | null) => (typeof value === 'boolean' ? Number(value) : value);

/**
 * One upsert of a room type's nights: the nights from `from` to `to` are made by a recursive CTE
 * inside SQLite and kept to the weekdays by a bit mask, so two years of nights bind a dozen
 * values, not 731 (D1 takes at most 100 per statement). Only the values given are set on a night
 * that already has a row; the others stay.
 */
function upsertNights(edit: RateEdit, roomType: RoomTypeCode, fields: RateValueField[]): SQL {
  const names = sql.raw(fields.map((f) => COLUMN[f]).join(', '));
  const values = sql.join(
    fields.map((f) => sql`${bound(edit[f] ?? null)}`),
    sql`, `,
  );
  const updates = sql.raw(fields.map((f) => `${COLUMN[f]} = excluded.${COLUMN[f]}`).join(', '));
  return sql`with recursive nights(night) as (
      select ${edit.from}
      union all
      select date(night, '+1 day') from nights where night < ${edit.to}
    )
    insert into rate_nights (rate_plan, room_type, night, ${names}, updated_at)
    select ${edit.ratePlan}, ${roomType}, night, ${values}, cast(unixepoch('subsec') * 1000 as integer)
    from nights
    where (${weekdayMask(edit.weekdays)} >> cast(strftime('%w', night) as integer)) & 1
    on conflict (rate_plan, room_type, night) do update set ${updates}, updated_at = excluded.updated_at`;
}

/** The rows of the edited range left with nothing of their own (along the primary key). */
function deleteEmptyNights(edit: RateEdit): SQL {
  const empty = sql.raw(RATE_VALUE_FIELDS.map((f) => `${COLUMN[f]} is null`).join(' and '));
  return sql`delete from rate_nights
    where rate_plan = ${edit.ratePlan}
      and room_type in (${sql.join(
        edit.roomTypes.map((t) => sql`${t}`),
        sql`, `,
      )})
      and night >= ${edit.from} and night <= ${edit.to}
      and ${empty}`;
}

/**
 * PUT /api/admin/rates: the nights of the range (and weekdays) of each room type get the values
 * given (`null` clears one); one upsert per room type, the clean-up of emptied rows and the audit
 * line in ONE batch. Answers how many nights (dates) and rows (nights x room types) were written.
 */
export async function saveRates(db: Db, actor: SessionUser, edit: RateEdit) {
  const [planRows, typeRows] = await db.batch([ratePlansQuery(db), roomTypesQuery(db)]);
  // Any of the hotel's room types (its data), retired ones included: their rates stay editable.
  const known = new Set(typeRows.map((t) => t.roomType));
  if (edit.roomTypes.some((t) => !known.has(t))) {
    throw new ApiError(400, 'validation_failed', { roomType: 'invalid_room_type' });
  }
  const plans = plansByCode(planRows);
  const plan = plans.get(edit.ratePlan);
  if (!plan) throw new ApiError(400, 'validation_failed', { ratePlan: 'rate_plan_unknown' });
  if (edit.roomTypes.some((t) => !plan.roomTypes.includes(t))) {
    throw new ApiError(400, 'validation_failed', { roomType: 'rate_plan_room_type_unsold' });
  }
  const fields = RATE_VALUE_FIELDS.filter((f) => edit[f] !== undefined);
  const clears = fields.some((f) => edit[f] === null);
  await d1(db).batch([
    statement(db, audit(db, actor, 'rates.updated', 'rate_plan', edit.ratePlan, null, edit).toSQL()),
    ...edit.roomTypes.map((roomType) => statement(db, upsertNights(edit, roomType, fields))),
    ...(clears ? [statement(db, deleteEmptyNights(edit))] : []),
  ]);
  const nights = nightsOfRange(edit.from, edit.to, edit.weekdays).length;
  return { nights, rows: nights * edit.roomTypes.length };
}

/** The values revenue's approved suggestions set night by night (decision 101). */
export type NightValueField = 'priceBaisa' | 'minStay' | 'closedToArrival';

/**
 * One night of one room type changed: the field, the value the plan's row held when the caller
 * read it (null: nothing of its own) and the value to write.
 */
export type NightChange = {
  roomType: RoomTypeCode;
  night: string;
  field: NightValueField;
  before: number | boolean | null;
  value: number | boolean;
};

/** A statement for D1's own batch (drizzle's builders or its `sql` template). */
export type RateStatement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/**
 * The statements that write nights one by one on a plan, for the caller's own D1 batch (revenue's
 * approved suggestions, decision 101): the same `rate_nights` rows and `rates.updated` audit line
 * as the bulk edit above, so the channel's outbox is queued by the same triggers in the same
 * batch. Per field: one UPDATE of the rows that still hold `before` (a night changed since it was
 * read is left as it is; the rows found along the primary key), one INSERT of the nights that had
 * no row (nothing, when one was made meanwhile). Each binds one JSON list, so a batch of a thousand nights is four statements. The
 * caller has read the nights with `readRateCalendar` (whether the plan sells each type) and
 * checked the values.
 */
export function nightChangeStatements(
  db: Db,
  actor: SessionUser | null,
  ratePlan: string,
  changes: NightChange[],
  details: Record<string, unknown>,
): RateStatement[] {
  const statements: RateStatement[] = [
    audit(db, actor, 'rates.updated', 'rate_plan', ratePlan, null, {
      ratePlan,
      nights: changes.map((c) => ({ roomType: c.roomType, night: c.night, [c.field]: c.value })),
      ...details,
    }),
  ];
  for (const field of ['priceBaisa', 'minStay', 'closedToArrival'] as const) {
    const mine = changes.filter((c) => c.field === field);
    if (mine.length === 0) continue;
    const column = sql.raw(COLUMN[field]);
    const list = JSON.stringify(mine.map((c) => [c.roomType, c.night, bound(c.before), bound(c.value)]));
    const rows = sql`(select json_extract(value, '$[0]') as room_type, json_extract(value, '$[1]') as night,
        json_extract(value, '$[2]') as before_value, json_extract(value, '$[3]') as new_value
      from json_each(${list}))`;
    // The rows along the primary key (a row-value IN), each given its own value from the list.
    const own = (value: string) =>
      sql`(select c.${sql.raw(value)} from c where c.room_type = rate_nights.room_type and c.night = rate_nights.night)`;
    statements.push(
      sql`with c as ${rows}
        update rate_nights set ${column} = ${own('new_value')}, updated_at = cast(unixepoch('subsec') * 1000 as integer)
        where rate_plan = ${ratePlan} and (room_type, night) in (select room_type, night from c)
          and ${column} is ${own('before_value')}`,
      sql`insert into rate_nights (rate_plan, room_type, night, ${column}, updated_at)
        select ${ratePlan}, c.room_type, c.night, c.new_value, cast(unixepoch('subsec') * 1000 as integer)
        from ${rows} as c where c.before_value is null
        on conflict (rate_plan, room_type, night) do nothing`,
    );
  }
  return statements;
}

/**
 * GET /api/admin/rates: one row per room type and night (one type, or every type the hotel has,
 * in its order), with the plan's own values and what the quote makes of them (the price for the
 * type's base occupancy, for one and for each guest beyond it, and what that guest would pay
 * without the night's own extra-guest price; the restrictions that bind; where the prices come
 * from). ONE batch: the plans, the room types, the nights' rows, today's offers.
 */
export async function readRateCalendar(
  db: Db,
  query: RateCalendarQuery,
  now = new Date(),
): Promise<{ ratePlan: string; from: string; to: string; nights: RateCalendarNight[] }> {
  const [planRows, typeRows, nightRows, offerRows] = await db.batch([
    ratePlansQuery(db),
    roomTypesQuery(db),
    query.roomType
      ? rateNightsWindowQuery(db, query.roomType, query.from, query.to)
      : rateNightsAllTypesQuery(db, query.from, query.to),
    offersShownTodayQuery(db, now),
  ]);
  const types = typeRows.map(roomTypeView).filter((t) => (query.roomType ? t.code === query.roomType : true));
  if (query.roomType && types.length === 0) {
    throw new ApiError(400, 'validation_failed', { roomType: 'invalid_room_type' });
  }
  const plans = plansByCode(planRows);
  if (!plans.has(query.ratePlan)) throw new ApiError(404, 'rate_plan_not_found');
  const chain = planChain(plans, query.ratePlan);
  const plan = chain[0]!;
  const offers = offerNightPrices(withPrices(offerRows));
  const rows = nightRows.map(toRateNight);
  const dates = stayNights(query.from, addDays(query.to, 1));
  const nights: RateCalendarNight[] = [];
  for (const type of types) {
    const roomType = type.code;
    const rates = rateLookup(rows.filter((r) => r.roomType === roomType));
    const priced = {
      priceBaisa: typeNightBaisa(type, offers),
      baseOccupancy: type.baseOccupancy,
      extraGuestPriceBaisa: type.extraGuestPriceBaisa,
    };
    const base = type.baseOccupancy;
    for (const night of dates) {
      const own = rates(plan.code, night);
      // The same night without an extra-guest price of its own: what clearing it leads to.
      const inherited: RateLookup = (code, date) => {
        const row = rates(code, date);
        return row && code === plan.code ? { ...row, extraGuestPriceBaisa: null } : row;
      };
      const priceFor = (guests: number, lookup = rates) =>
        nightPriceBaisa(chain, lookup, night, guests, priced);
      // A type whose base is the most any room holds has no guest beyond it.
      const extraOf = (lookup: RateLookup) =>
        base < MAX_OCCUPANCY ? priceFor(base + 1, lookup) - priceFor(base, lookup) : 0;
      const inheritedSource = extraGuestSource(chain, inherited, night, type);
      const two = priceFor(base);
      nights.push({
        roomType,
        night,
        sold: plan.roomTypes.includes(roomType),
        own: {
          priceBaisa: own?.priceBaisa ?? null,
          singlePriceBaisa: own?.singlePriceBaisa ?? null,
          extraGuestPriceBaisa: own?.extraGuestPriceBaisa ?? null,
          minStay: own?.minStay ?? null,
          maxStay: own?.maxStay ?? null,
          closed: own?.closed ?? null,
          closedToArrival: own?.closedToArrival ?? null,
          closedToDeparture: own?.closedToDeparture ?? null,
        },
        priceBaisa: two,
        singlePriceBaisa: priceFor(1),
        extraGuestPriceBaisa: extraOf(rates),
        priceSource: own?.priceBaisa != null ? 'own' : plan.parentCode !== null ? 'parent' : 'room_type',
        extraGuestSource: extraGuestSource(chain, rates, night, type),
        inheritedExtraGuest: {
          priceBaisa: extraOf(inherited),
          // Never 'own' (the night's own is taken away); the check narrows the type.
          source: inheritedSource === 'own' ? 'plan' : inheritedSource,
        },
        restrictions: nightRestrictions(chain, rates, night),
      });
    }
  }
  return { ratePlan: plan.code, from: query.from, to: query.to, nights };
}

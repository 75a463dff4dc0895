import { isCalendarDate } from '@shared/date-schemas';
import { addDays } from '@shared/dates';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../../platform/env';
import { FAKE_CHANNEX } from './constants';

/**
 * The fake's ARI (availability, rates and inventory restrictions) as Channex API v1 takes it:
 * `POST /availability` and `POST /restrictions` with `{ values: [...] }`, each value a range of
 * nights (`date_from`..`date_to`, both included, or one `date`), optionally only some weekdays
 * (`days: ["mo", ...]`). The fake stores one row per night; a field a restriction leaves out
 * keeps what the night had. Amounts on the wire are decimal rials (`rate: "52.000"` or `52`), as
 * Channex takes a property's currency; the fake keeps baisa.
 */

/** The most values one call may carry (Channex takes up to 10 MB a call: about this many). */
const MAX_VALUES = 60_000;

/** The most nights one value may cover (Channex takes about two years ahead). */
export const MAX_VALUE_NIGHTS = 731;

const WEEKDAYS = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'] as const;

const day = z.string().refine(isCalendarDate, 'must be a date, YYYY-MM-DD');
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1);
const count = z.number().int().min(0).max(10_000);

/** Decimal rials (a string or a number, at most three decimals) as baisa. */
export function rialsToBaisa(value: string | number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

const rate = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const baisa = rialsToBaisa(v);
  if (baisa === null) {
    ctx.addIssue({ code: 'custom', message: 'must be a decimal amount with at most three decimals' });
    return z.NEVER;
  }
  return baisa;
});

const range = {
  property_id: z.string().min(1),
  room_type_id: z.string().min(1).max(100),
  date: day.optional(),
  date_from: day.optional(),
  date_to: day.optional(),
  days: z.array(z.enum(WEEKDAYS)).min(1).max(7).optional(),
};

type Range = { property_id: string; date?: string; date_from?: string; date_to?: string };

/** One date or both ends, in order, within the fake's property and its span. */
function checkRange(value: Range, ctx: z.RefinementCtx) {
  if (value.property_id !== FAKE_CHANNEX.propertyId) {
    ctx.addIssue({ code: 'custom', path: ['property_id'], message: 'is not a property of this account' });
  }
  const from = value.date ?? value.date_from;
  const to = value.date ?? value.date_to;
  if (!from || !to || (value.date && (value.date_from || value.date_to))) {
    ctx.addIssue({ code: 'custom', path: ['date'], message: 'give date, or date_from and date_to' });
    return;
  }
  if (to < from) ctx.addIssue({ code: 'custom', path: ['date_to'], message: 'is before date_from' });
  else if (to > addDays(from, MAX_VALUE_NIGHTS - 1)) {
    ctx.addIssue({
      code: 'custom',
      path: ['date_to'],
      message: `is more than ${MAX_VALUE_NIGHTS} days after date_from`,
    });
  }
}

export const availabilityBodySchema = z.object({
  values: z
    .array(z.object({ ...range, availability: count }).superRefine(checkRange))
    .min(1)
    .max(MAX_VALUES),
});

export const restrictionsBodySchema = z.object({
  values: z
    .array(
      z
        .object({
          ...range,
          rate_plan_id: z.string().min(1).max(100),
          rate: rate.optional(),
          min_stay_arrival: count.optional(),
          min_stay: count.optional(),
          max_stay: count.optional(),
          stop_sell: flag.optional(),
          closed_to_arrival: flag.optional(),
          closed_to_departure: flag.optional(),
        })
        .superRefine(checkRange),
    )
    .min(1)
    .max(MAX_VALUES),
});

type AvailabilityBody = z.infer<typeof availabilityBodySchema>;
type RestrictionsBody = z.infer<typeof restrictionsBodySchema>;

/** Values go to the database this many a statement, as one JSON parameter. */
const VALUES_A_STATEMENT = 400;

type Span = { date?: string; date_from?: string; date_to?: string; days?: string[] };

/** A value's range as the statements read it: its ends, and its weekdays as digits (`%w`), or null. */
function rangeOf(value: Span) {
  return {
    from: (value.date ?? value.date_from)!,
    to: (value.date ?? value.date_to)!,
    days: value.days
      ? value.days.map((d) => WEEKDAYS.indexOf(d as (typeof WEEKDAYS)[number])).join('')
      : null,
  };
}

/**
 * The nights of a chunk of values (`json`: an array of `{ from, to, days, ... }`), `n(k, date,
 * value)`: each value's nights with the value itself, in the values' order, so the later value of
 * a night wins within one call too; `where onTheirDays` keeps the weekdays a value names.
 */
const nightsOf = (json: string) => sql`with recursive
  n(k, date, value) as (
    select key, json_extract(value, '$.from'), value from json_each(${json})
    union all
    select k, date(date, '+1 day'), value from n where date < json_extract(value, '$.to')
  )`;
const onTheirDays = sql`(json_extract(n.value, '$.days') is null
  or instr(json_extract(n.value, '$.days'), strftime('%w', n.date)) > 0)`;

/** Runs one statement per chunk of values, in order (each JSON parameter stays well under 100 kB). */
async function inChunks<T>(db: Db, values: T[], statement: (json: string) => ReturnType<Db['run']>) {
  for (let i = 0; i < values.length; i += VALUES_A_STATEMENT) {
    await statement(JSON.stringify(values.slice(i, i + VALUES_A_STATEMENT)));
  }
}

/** Stores availability per night (the newest value of a night wins). */
export async function storeAvailability(db: Db, body: AvailabilityBody, now = Date.now()) {
  const values = body.values.map((v) => ({
    ...rangeOf(v),
    room: v.room_type_id,
    availability: v.availability,
  }));
  await inChunks(db, values, (json) =>
    db.run(sql`${nightsOf(json)}
      insert into fake_channex_availability (room_type_id, date, availability, updated_at)
      select json_extract(n.value, '$.room'), n.date, json_extract(n.value, '$.availability'), ${now}
      from n where ${onTheirDays} order by n.k, n.date
      on conflict (room_type_id, date) do update set
        availability = excluded.availability, updated_at = excluded.updated_at`),
  );
}

/** Stores prices and restrictions per night; a field left out keeps the night's value. */
export async function storeRestrictions(db: Db, body: RestrictionsBody, now = Date.now()) {
  const bool = (v: boolean | undefined) => (v === undefined ? null : v ? 1 : 0);
  const values = body.values.map((v) => ({
    ...rangeOf(v),
    room: v.room_type_id,
    plan: v.rate_plan_id,
    rate: v.rate ?? null,
    minStay: v.min_stay_arrival ?? v.min_stay ?? null,
    maxStay: v.max_stay ?? null,
    stopSell: bool(v.stop_sell),
    cta: bool(v.closed_to_arrival),
    ctd: bool(v.closed_to_departure),
  }));
  const keep = (column: string) => sql.raw(`${column} = coalesce(excluded.${column}, ${column})`);
  await inChunks(db, values, (json) =>
    db.run(sql`${nightsOf(json)}
      insert into fake_channex_restrictions (room_type_id, rate_plan_id, date, rate_baisa, min_stay,
        max_stay, stop_sell, closed_to_arrival, closed_to_departure, updated_at)
      select json_extract(n.value, '$.room'), json_extract(n.value, '$.plan'), n.date,
        json_extract(n.value, '$.rate'), json_extract(n.value, '$.minStay'),
        json_extract(n.value, '$.maxStay'), json_extract(n.value, '$.stopSell'),
        json_extract(n.value, '$.cta'), json_extract(n.value, '$.ctd'), ${now}
      from n where ${onTheirDays} order by n.k, n.date
      on conflict (room_type_id, rate_plan_id, date) do update set
        ${keep('rate_baisa')}, ${keep('min_stay')}, ${keep('max_stay')}, ${keep('stop_sell')},
        ${keep('closed_to_arrival')}, ${keep('closed_to_departure')}, updated_at = excluded.updated_at`),
  );
}

/** What the fake holds for one night of a room type (and rate plan); null where nothing was sent. */
export type FakeAriNight = {
  date: string;
  availability: number | null;
  priceBaisa: number | null;
  minStay: number | null;
  maxStay: number | null;
  stopSell: boolean | null;
  closedToArrival: boolean | null;
  closedToDeparture: boolean | null;
};

/** The ARI the fake holds per night from `from` to `to` (both included), one entry a night. */
export async function readAri(
  db: Db,
  query: { roomType: string; ratePlan?: string; from: string; to: string },
): Promise<FakeAriNight[]> {
  const rows = await db.all<{
    date: string;
    availability: number | null;
    rate_baisa: number | null;
    min_stay: number | null;
    max_stay: number | null;
    stop_sell: number | null;
    closed_to_arrival: number | null;
    closed_to_departure: number | null;
  }>(sql`with recursive d(date) as (
      select ${query.from} union all select date(date, '+1 day') from d where date < ${query.to})
    select d.date, a.availability, r.rate_baisa, r.min_stay, r.max_stay, r.stop_sell,
      r.closed_to_arrival, r.closed_to_departure
    from d
    left join fake_channex_availability a on a.room_type_id = ${query.roomType} and a.date = d.date
    left join fake_channex_restrictions r on r.room_type_id = ${query.roomType}
      and r.rate_plan_id = ${query.ratePlan ?? null} and r.date = d.date
    order by d.date`);
  const bool = (v: number | null) => (v === null ? null : v === 1);
  return rows.map((row) => ({
    date: row.date,
    availability: row.availability,
    priceBaisa: row.rate_baisa,
    minStay: row.min_stay,
    maxStay: row.max_stay,
    stopSell: bool(row.stop_sell),
    closedToArrival: bool(row.closed_to_arrival),
    closedToDeparture: bool(row.closed_to_departure),
  }));
}

import { isCalendarDate } from '@shared/date-schemas';
import { addDays } from '@shared/dates';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../../platform/env';
import type { FakeCatalogue } from './catalogue';
import { FAKE_CHANNEX } from './constants';

/**
 * The fake's ARI (availability, rates and inventory restrictions) as Channex API v1 takes it
 * (docs.channex.io "Availability and Rates"; the fields are quoted in ../README.md): `POST
 * /availability` and `POST /restrictions` with `{ values: [...] }`, each value a range of nights
 * (`date_from`..`date_to`, both included, or one `date`), optionally only some weekdays (`days:
 * ["mo", ...]`). A restriction value names its rate plan only: the fake knows the room type from
 * it (catalogue.ts). The fake stores one row per night; a field a restriction leaves out keeps
 * what the night had. A value Channex would refuse is not refused as a call: it is ignored and
 * answered in `meta.warnings` (the value echoed, `warning: {field: [words]}`), the call's other
 * values stored, 200 all the same. Amounts on the wire are decimal rials in a string (`"52.000"`)
 * or an integer in baisa (Channex: "an integer value with a minimum fraction size of currency"),
 * greater than 0; the fake keeps baisa.
 */

/** The most nights one value may cover (Channex takes about two years ahead). */
export const MAX_VALUE_NIGHTS = 731;

const WEEKDAYS = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'] as const;

/** The most values one call may carry (its body is under 10 MB anyway). */
const MAX_VALUES = 100_000;

/** A body is an object with a non-empty list of values; what is wrong inside a value is a warning. */
export const pushBodySchema = z.object({
  values: z.array(z.unknown()).min(1).max(MAX_VALUES),
});

/** Decimal rials (a string, at most three decimals) or an integer of baisa, as baisa; null when neither. */
export function rialsToBaisa(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const match = /^(-)?(\d{1,9})(?:\.(\d{1,3}))?$/.exec(value.trim());
  if (!match) return null;
  const baisa = Number(match[2]) * 1000 + Number((match[3] ?? '').padEnd(3, '0'));
  return match[1] ? -baisa : baisa;
}

type Raw = Record<string, unknown>;
type Problems = Record<string, string[]>;
type Range = { from: string; to: string; days: string | null };

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const flagOf = (v: unknown) => (v === true || v === 1 ? true : v === false || v === 0 ? false : null);
const add = (problems: Problems, field: string, words: string) => (problems[field] ??= []).push(words);

/** The checks every value shares: its property, its nights (one date, or both ends in order), its weekdays. */
function checkRange(raw: Raw, problems: Problems, today: string, pastAllowed: boolean): Range | null {
  if (raw.property_id !== FAKE_CHANNEX.propertyId) add(problems, 'property_id', 'not found');
  const day = (field: string) => {
    const v = raw[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string' || !isCalendarDate(v)) {
      add(problems, field, 'is invalid');
      return null;
    }
    if (!pastAllowed && v < today) add(problems, field, 'should not be in the past');
    return v;
  };
  const date = day('date');
  const dateFrom = day('date_from');
  const dateTo = day('date_to');
  let days: string | null = null;
  if (raw.days !== undefined) {
    const list = Array.isArray(raw.days) ? raw.days : [];
    const digits = list.map((d) => WEEKDAYS.indexOf(d as (typeof WEEKDAYS)[number]));
    if (list.length === 0 || list.length > 7 || digits.includes(-1)) add(problems, 'days', 'is invalid');
    else days = digits.join('');
  }
  if (date === null || dateFrom === null || dateTo === null) return null;
  if (date !== undefined && (dateFrom !== undefined || dateTo !== undefined)) {
    add(problems, 'date', 'give date, or date_from and date_to');
    return null;
  }
  const from = date ?? dateFrom;
  const to = date ?? dateTo;
  if (!from || !to) {
    add(problems, date === undefined && dateFrom === undefined ? 'date' : 'date_to', "can't be blank");
    return null;
  }
  if (to < from) {
    add(problems, 'date_to', 'should be equal to or after date_from');
    return null;
  }
  if (to > addDays(from, MAX_VALUE_NIGHTS - 1)) {
    add(problems, 'date_to', `is more than ${MAX_VALUE_NIGHTS} days after date_from`);
    return null;
  }
  return { from, to, days };
}

/** A non-negative (min 0) or positive (min 1) integer, or its warning. */
function whole(raw: Raw, field: string, min: 0 | 1, problems: Problems): number | null | undefined {
  const v = raw[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
    add(problems, field, 'is invalid');
    return null;
  }
  if (v < min) {
    add(problems, field, `must be greater than or equal to ${min}`);
    return null;
  }
  return v;
}

function flag(raw: Raw, field: string, problems: Problems): boolean | null | undefined {
  if (raw[field] === undefined || raw[field] === null) return undefined;
  const v = flagOf(raw[field]);
  if (v === null) add(problems, field, 'is invalid');
  return v;
}

/** A value the fake stores: its nights and what it sets. */
export type StoredAvailability = Range & { room: string; availability: number };
export type StoredRestriction = Range & {
  room: string;
  plan: string;
  rate: number | null;
  minStay: number | null;
  maxStay: number | null;
  stopSell: number | null;
  cta: number | null;
  ctd: number | null;
};

/** What Channex echoes of a value it ignored: every field of the kind (null when not sent) and the warning. */
function echo(raw: unknown, fields: readonly string[], warning: Problems) {
  const given = isObject(raw) ? raw : {};
  const out: Record<string, unknown> = {};
  for (const f of fields) out[f] = given[f] ?? null;
  return { ...out, warning };
}

const AVAILABILITY_FIELDS = [
  'property_id',
  'room_type_id',
  'date',
  'date_from',
  'date_to',
  'days',
  'availability',
];
const RESTRICTION_FIELDS = [
  'property_id',
  'rate_plan_id',
  'date',
  'date_from',
  'date_to',
  'days',
  'rate',
  'rates',
  'min_stay_arrival',
  'min_stay_through',
  'min_stay',
  'max_stay',
  'closed_to_arrival',
  'closed_to_departure',
  'stop_sell',
] as const;

export type Checked<T> = { stored: T[]; warnings: object[] };

/** Availability values checked one by one: the good ones to store, a warning for each other. */
export function checkAvailability(values: unknown[], catalogue: FakeCatalogue, today: string) {
  const out: Checked<StoredAvailability> = { stored: [], warnings: [] };
  for (const raw of values) {
    const problems: Problems = {};
    if (!isObject(raw)) {
      out.warnings.push(echo(raw, AVAILABILITY_FIELDS, { value: ['is invalid'] }));
      continue;
    }
    // Channex's document forbids past dates for restrictions only; availability may name them.
    const range = checkRange(raw, problems, today, true);
    const room = typeof raw.room_type_id === 'string' ? raw.room_type_id : '';
    if (!catalogue.roomTypes.has(room)) add(problems, 'room_type_id', 'not found');
    const availability = whole(raw, 'availability', 0, problems);
    if (availability === undefined) add(problems, 'availability', "can't be blank");
    if (Object.keys(problems).length > 0 || !range || availability == null) {
      out.warnings.push(echo(raw, AVAILABILITY_FIELDS, problems));
      continue;
    }
    out.stored.push({ ...range, room, availability });
  }
  return out;
}

/** Restriction values checked one by one (rate > 0, min stays >= 1, a known plan, no past night). */
export function checkRestrictions(values: unknown[], catalogue: FakeCatalogue, today: string) {
  const out: Checked<StoredRestriction> = { stored: [], warnings: [] };
  for (const raw of values) {
    const problems: Problems = {};
    if (!isObject(raw)) {
      out.warnings.push(echo(raw, RESTRICTION_FIELDS, { value: ['is invalid'] }));
      continue;
    }
    const range = checkRange(raw, problems, today, false);
    const plan = typeof raw.rate_plan_id === 'string' ? raw.rate_plan_id : '';
    const room = catalogue.ratePlanRoomType.get(plan);
    if (!room) add(problems, 'rate_plan_id', 'not found');
    let rate: number | null = null;
    if (raw.rate !== undefined && raw.rate !== null) {
      rate = rialsToBaisa(raw.rate);
      if (rate === null) add(problems, 'rate', 'is invalid');
      else if (rate <= 0) add(problems, 'rate', 'must be greater than 0');
    }
    if (raw.rates !== undefined) {
      const list = Array.isArray(raw.rates) ? raw.rates : [];
      const fine = list.every(
        (r) => isObject(r) && Number.isSafeInteger(r.occupancy) && (rialsToBaisa(r.rate) ?? 0) > 0,
      );
      if (list.length === 0 || !fine) add(problems, 'rates', 'is invalid');
    }
    const minArrival = whole(raw, 'min_stay_arrival', 1, problems);
    const minThrough = whole(raw, 'min_stay_through', 1, problems);
    const minStay = whole(raw, 'min_stay', 1, problems);
    const maxStay = whole(raw, 'max_stay', 0, problems);
    const stopSell = flag(raw, 'stop_sell', problems);
    const cta = flag(raw, 'closed_to_arrival', problems);
    const ctd = flag(raw, 'closed_to_departure', problems);
    // "At least one restriction should be present on the request."
    const present = RESTRICTION_FIELDS.slice(6).some((f) => raw[f] !== undefined && raw[f] !== null);
    if (!present) add(problems, 'restrictions', 'at least one restriction should be present');
    if (Object.keys(problems).length > 0 || !range || !room) {
      out.warnings.push(echo(raw, RESTRICTION_FIELDS, problems));
      continue;
    }
    const bit = (v: boolean | null | undefined) => (v == null ? null : v ? 1 : 0);
    out.stored.push({
      ...range,
      room,
      plan,
      rate,
      minStay: minArrival ?? minStay ?? minThrough ?? null,
      maxStay: maxStay ?? null,
      stopSell: bit(stopSell),
      cta: bit(cta),
      ctd: bit(ctd),
    });
  }
  return out;
}

/** The first value of a push ignored at a test's request (`POST /api/dev/channel/faults` `{warnings: n}`). */
export function warnFirst<T>(checked: Checked<T>, values: unknown[], kind: 'availability' | 'restrictions') {
  if (checked.stored.length === 0) return checked;
  const first = values.findIndex((v) => isObject(v));
  const fields = kind === 'availability' ? AVAILABILITY_FIELDS : RESTRICTION_FIELDS;
  return {
    stored: checked.stored.slice(1),
    warnings: [
      echo(values[first], fields, { base: ["ignored at a test's request (the fake's faults control)"] }),
      ...checked.warnings,
    ],
  };
}

/** Values go to the database this many a statement, as one JSON parameter. */
const VALUES_A_STATEMENT = 400;

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
export async function storeAvailability(db: Db, values: StoredAvailability[], now = Date.now()) {
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
export async function storeRestrictions(db: Db, values: StoredRestriction[], now = Date.now()) {
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

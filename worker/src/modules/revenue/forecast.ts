import { sql } from 'drizzle-orm';
import { addDays, hotelToday } from '@shared/dates';
import { isWeekendNight } from '@shared/gulf-calendar';
import type { Forecast, ForecastNight, ForecastReason, RevenueEvent } from '@shared/revenue';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { formatDate } from '../../platform/format';
import { text, type Language, type MessageValues } from '../../platform/messages';
import { lastClosedDateQuery } from '../folio';
import { outOfOrderPeriodsQuery, roomTypeAllotmentsQuery, roomsAllottedSql } from '../inventory';
import { liveRoomsByTypeQuery } from '../reports';
import { dateOfDay, dayOf, roomsAtLead, sumCurves, type Curve } from './booking-curves';
import { calendarIndex } from './calendar-index';
import { eventsBetween } from './events';
import { forecastNights, type MethodInput, type NightData, type NightForecast } from './forecast-method';
import { storedNights } from './night-books';

/**
 * GET /api/admin/revenue/forecast (docs/decisions/094): the nights `from`..`to` as seen on `asOf`
 * (today by default): on the books, the forecast with its band, the rooms for sale, per room type,
 * and the reasons in both languages. One read of the nights' curves the method needs (the window,
 * its last year, the recent nights before `asOf`), the calendar, the rooms for sale and, as of
 * today, the live books: rows in proportion to the window, never to the years of history.
 */

/** How far before the window and the as-of day the method reads (its last year, its recent nights' last year). */
export const READ_BEFORE_WINDOW = 420;
export const READ_BEFORE_AS_OF = 480;

/** What the method reads, as of a day: the nights' books, the calendar, the rooms for sale. */
export type MethodData = {
  input: MethodInput;
  events: RevenueEvent[];
  types: string[];
  today: string;
  /** Nights before it have their final known (today, or the day after the last close when the hotel closes days). */
  knownBefore: string;
};

/** The rooms for sale: the hotel's each night of a window, each type's. */
async function capacities(db: Db, from: string, to: string) {
  const [total, periods, types] = await Promise.all([
    db.get<{ rooms: number }>(sql`select ${roomsAllottedSql()} as rooms`),
    outOfOrderPeriodsQuery(db, from, to),
    roomTypeAllotmentsQuery(db),
  ]);
  const rooms = Number(total?.rooms ?? 0);
  const byType = new Map(types.map((t) => [t.roomType, Number(t.rooms)]));
  return {
    hotel: (day: number) => {
      const night = dateOfDay(day);
      return rooms - periods.filter((p) => p.from <= night && p.to > night).length;
    },
    type: (type: string) => byType.get(type) ?? null,
    types: [...byType.keys()],
  };
}

/**
 * Reads what the method needs to see the nights `from`..`to` from `asOf`: the curves of
 * [min(from - READ_BEFORE_WINDOW, asOf - READ_BEFORE_AS_OF), to], the events around them, the rooms
 * for sale, and, when `asOf` is today, the books as they are now (a close stores them only at night).
 */
export async function methodData(
  db: Db,
  asOf: string,
  from: string,
  to: string,
  now = new Date(),
): Promise<MethodData> {
  const today = hotelToday(now);
  const readFrom = [addDays(from, -READ_BEFORE_WINDOW), addDays(asOf, -READ_BEFORE_AS_OF)].sort()[0]!;
  const live = asOf >= today;
  const liveFrom = from > asOf ? from : asOf;
  const [stored, events, rooms, closed, liveRows] = await Promise.all([
    storedNights(db, readFrom, to),
    eventsBetween(db, readFrom, to),
    capacities(db, from, to),
    lastClosedDateQuery(db),
    live && liveFrom <= to ? liveRoomsByTypeQuery(db, liveFrom, to) : Promise.resolve([]),
  ]);
  const lastClosed = closed[0]?.date ?? null;
  // A night's final is known once it is past, and closed when the hotel closes its days.
  const knownBefore = lastClosed && addDays(lastClosed, 1) < today ? addDays(lastClosed, 1) : today;
  const knownDay = dayOf(knownBefore);
  const asOfDay = dayOf(asOf);

  const byNight = new Map<
    number,
    { types: Map<string, { history: Curve; own: Curve; final: number; any: boolean }> }
  >();
  for (const r of stored) {
    const day = dayOf(r.night);
    let night = byNight.get(day);
    if (!night) byNight.set(day, (night = { types: new Map() }));
    night.types.set(r.roomType, {
      history: r.history,
      own: r.own,
      final: r.historyFinal + (r.ownFinal ?? 0),
      any: r.history.length > 0 || r.historyFinal > 0 || r.ownFinal !== null,
    });
  }
  const nights = new Map<number, NightData>();
  const onTheBooksNow = new Map<number, Map<string, number>>();
  const liveByNight = new Map<number, Map<string, number>>();
  for (const r of liveRows) {
    const day = dayOf(r.night);
    if (!liveByNight.has(day)) liveByNight.set(day, new Map());
    liveByNight.get(day)!.set(r.roomType, Number(r.rooms));
  }
  for (const [day, night] of byNight) {
    const known = day < knownDay;
    const types = new Map<string, { curve: Curve; final: number | null }>();
    let hotelFinal = 0;
    let any = false;
    for (const [type, t] of night.types) {
      types.set(type, { curve: sumCurves([t.history, t.own]), final: known ? t.final : null });
      hotelFinal += t.final;
      any ||= t.any;
    }
    nights.set(day, {
      hotel: sumCurves([...types.values()].map((t) => t.curve)),
      hotelFinal: known && any ? hotelFinal : null,
      types,
    });
  }
  // As of today: the hotel's own books as they are now, in place of the last close's.
  if (live) {
    const lead = (day: number) => day - asOfDay;
    const days = new Set([...liveByNight.keys(), ...[...byNight.keys()].filter((d) => d >= dayOf(liveFrom))]);
    for (const day of days) {
      if (day < dayOf(liveFrom) || day > dayOf(to)) continue;
      const now = liveByNight.get(day) ?? new Map<string, number>();
      const night = byNight.get(day);
      const extra = new Map<string, number>();
      const typesHere = new Set([...now.keys(), ...(night ? night.types.keys() : [])]);
      for (const type of typesHere) {
        const own = night?.types.get(type)?.own ?? [];
        const difference = (now.get(type) ?? 0) - roomsAtLead(own, lead(day));
        if (difference !== 0) extra.set(type, difference);
      }
      if (extra.size) onTheBooksNow.set(day, extra);
    }
  }
  const calendar = calendarIndex(
    events.map((e) => ({ kind: e.kind, from: e.from, to: e.to, confirmed: e.confirmed })),
  );
  // The hotel's types, and any the books hold (an old system's type counts in the totals).
  const types = new Set(rooms.types);
  for (const night of byNight.values()) for (const type of night.types.keys()) types.add(type);
  return {
    input: {
      asOf: asOfDay,
      nights,
      eventOf: calendar.eventOf,
      lastYearEventOf: calendar.lastYearEventOf,
      hotelCapacity: rooms.hotel,
      typeCapacity: rooms.type,
      onTheBooksNow,
    },
    events,
    types: [...types].sort(),
    today,
    knownBefore,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** A reason in both languages, its numbers in each language's digits (dates per language given apart). */
function reason(
  code: string,
  values: MessageValues,
  perLanguage?: Record<Language, MessageValues>,
): ForecastReason {
  const say = (language: Language) =>
    text(language, `revenue_reason.${code}`, { ...values, ...perLanguage?.[language] });
  return { code, values: { ...values, ...perLanguage?.en }, ar: say('ar'), en: say('en') };
}

const dated = (date: string, name = 'date'): Record<Language, MessageValues> => ({
  ar: { [name]: formatDate(date, 'ar') },
  en: { [name]: formatDate(date, 'en') },
});

/** Why a night's forecast is what it is, with its numbers. */
function reasonsOf(
  f: NightForecast,
  night: string,
  eventOfNight: RevenueEvent | undefined,
): ForecastReason[] {
  const reasons: ForecastReason[] = [
    reason('on_the_books', { rooms: f.onTheBooks, capacity: f.capacity, days: f.lead }),
  ];
  const p = f.pickup;
  if (p.recent.pickup !== null) {
    reasons.push(
      reason('recent_pickup', {
        nights: p.recent.nights,
        weekday: WEEKDAYS[new Date(`${night}T00:00:00Z`).getUTCDay()]!,
        rooms: round1(p.recent.pickup),
        days: f.lead,
      }),
    );
  }
  if (p.lastYear.pickup !== null && p.lastYear.night !== null) {
    const lastYear = dateOfDay(p.lastYear.night);
    reasons.push(
      reason(
        p.lastYear.byEvent ? 'last_year_event' : 'last_year',
        { rooms: round1(p.lastYear.pickup), days: f.lead },
        {
          ar: { ...dated(lastYear).ar, event: eventOfNight?.nameAr ?? '' },
          en: { ...dated(lastYear).en, event: eventOfNight?.nameEn ?? '' },
        },
      ),
    );
  }
  if (Math.abs(p.trend - 1) >= 0.05) reasons.push(reason('trend', { percent: Math.round(p.trend * 100) }));
  if (eventOfNight) {
    reasons.push(
      reason(
        eventOfNight.uncertaintyDays > 0 ? 'event_unconfirmed' : 'event',
        { kind: eventOfNight.kind },
        { ar: { event: eventOfNight.nameAr }, en: { event: eventOfNight.nameEn } },
      ),
    );
  }
  if (isWeekendNight(night)) reasons.push(reason('weekend', {}));
  if (f.constrained) reasons.push(reason('sell_out', { capacity: f.capacity }));
  return reasons;
}

/** GET /api/admin/revenue/forecast. */
export async function forecast(
  db: Db,
  q: { from: string; to: string; asOf?: string },
  now = new Date(),
): Promise<Forecast> {
  const today = hotelToday(now);
  const asOf = q.asOf ?? today;
  if (asOf > today) throw new ApiError(400, 'forecast_as_of_future');
  const data = await methodData(db, asOf, q.from, q.to, now);
  const first = dayOf(q.from > asOf ? q.from : asOf);
  const last = dayOf(q.to);
  const forecasts = first <= last ? forecastNights(data.input, first, last, data.types) : [];
  const byDay = new Map(forecasts.map((f) => [f.day, f]));
  const nights: ForecastNight[] = [];
  for (let day = dayOf(q.from); day <= last; day++) {
    const night = dateOfDay(day);
    const stored = data.input.nights.get(day);
    const final = day < dayOf(data.knownBefore) ? (stored?.hotelFinal ?? null) : null;
    const events = data.events.filter((e) => e.from <= night && e.to >= night);
    const top = data.input.eventOf(day);
    const eventOfNight = top ? events.find((e) => e.kind === top.kind) : undefined;
    const f = byDay.get(day);
    if (!f) {
      // A night before the as-of day: what it sold, when known.
      const sold = final ?? 0;
      nights.push({
        date: night,
        lead: day - data.input.asOf,
        onTheBooks: sold,
        forecast: sold,
        low: sold,
        high: sold,
        capacity: data.input.hotelCapacity(day),
        constrained: sold >= data.input.hotelCapacity(day),
        final,
        events: events.map((e) => e.kind),
        byType: Object.fromEntries(
          data.types.map((t) => [
            t,
            {
              onTheBooks: stored?.types.get(t)?.final ?? 0,
              forecast: stored?.types.get(t)?.final ?? 0,
              capacity: data.input.typeCapacity(t),
            },
          ]),
        ),
        reasons: [reason('past', { rooms: sold })],
      });
      continue;
    }
    nights.push({
      date: night,
      lead: f.lead,
      onTheBooks: f.onTheBooks,
      forecast: f.forecast,
      low: f.low,
      high: f.high,
      capacity: f.capacity,
      constrained: f.constrained,
      final,
      events: events.map((e) => e.kind),
      byType: Object.fromEntries(f.byType),
      reasons: reasonsOf(f, night, eventOfNight),
    });
  }
  return { asOf, nights };
}

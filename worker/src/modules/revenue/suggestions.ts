import { desc } from 'drizzle-orm';
import { STANDARD_RATE_PLAN } from '@shared/constants';
import { addDays, hotelToday } from '@shared/dates';
import type { RateCalendarNight } from '@shared/rate-schemas';
import type { RevenueEvent } from '@shared/revenue';
import {
  LADDER,
  suggestionId,
  type AutopilotRun,
  type LadderStep,
  type LockReason,
  type PriceSettings,
  type Said,
  type Suggestion,
  type SuggestionNight,
  type SuggestionNightType,
  type Suggestions,
} from '@shared/revenue-prices';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { formatDate, formatMoney } from '../../platform/format';
import { text, type Language, type MessageValues } from '../../platform/messages';
import { readRateCalendar } from '../rates';
import { dateOfDay, dayOf, roomsAtLead } from './booking-curves';
import { methodData, type MethodData } from './forecast';
import { forecastNights, type NightForecast } from './forecast-method';
import {
  climb,
  eventFactor,
  occupancyFactor,
  paceFactor,
  revenueEffect,
  weekdayFactors,
  weekdayOfDay,
  type LadderFactor,
} from './price-ladder';
import { limitOn, settingsQueries, toSettings, windowQueries } from './price-settings';
import { revenueAutopilotRuns } from './tables';

/**
 * GET /api/admin/revenue/suggestions (docs/decisions/101): for each night of the window and each
 * room type the standard plan sells, the ladder from the base price to the price the demand
 * calls for, and a suggestion where it differs from today's price by the threshold or more;
 * minimum stay and closed to arrival on peak nights. Every number says why, in both languages.
 *
 * One read of what the forecast reads (methodData: the window's curves, last year's, the recent
 * nights'), the rate calendar's nights (modules/rates `readRateCalendar`: the plans, the types, the
 * window's rows, today's offers), the settings and limits, the window's locks and applied
 * suggestions (along their keys), the latest autopilot runs: rows in proportion to the window.
 */

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
const LANGUAGES: Language[] = ['ar', 'en'];
/** The ladder's steps that carry a sentence of their own (the base and the factors, in order). */
const FACTOR_STEPS = new Set<string>(['base', 'weekday', 'event', 'pace', 'occupancy']);
const pct = (x: number) => Math.round(x * 100);

/** A sentence in both languages: values shared, and per language (money, dates, names). */
function said(
  code: string,
  values: MessageValues,
  perLanguage?: Partial<Record<Language, MessageValues>>,
): Said {
  const say = (language: Language) =>
    text(language, `revenue_price.${code}`, { ...values, ...perLanguage?.[language] });
  return { code, values: { ...values, ...perLanguage?.en }, ar: say('ar'), en: say('en') };
}

const money = (baisa: number): Record<Language, string> => ({
  ar: formatMoney(baisa, 'ar'),
  en: formatMoney(baisa, 'en'),
});
const moneyValues = (name: string, baisa: number) => ({
  ar: { [name]: money(baisa).ar },
  en: { [name]: money(baisa).en },
});
const merge = (...parts: Partial<Record<Language, MessageValues>>[]) => {
  const out: Record<Language, MessageValues> = { ar: {}, en: {} };
  for (const p of parts) for (const l of LANGUAGES) Object.assign(out[l], p[l]);
  return out;
};

/** A signed percent change in each language ("+12%" / "زيادة ١٢٪"). */
function change(factor: number): Record<Language, string> {
  const percent = Math.abs(Math.round((factor - 1) * 100));
  const direction = factor >= 1 ? 'up' : 'down';
  return {
    ar: text('ar', 'revenue_price.change', { direction, percent }),
    en: text('en', 'revenue_price.change', { direction, percent }),
  };
}

type TypeLine = {
  type: string;
  capacity: number;
  calendar: RateCalendarNight;
  lock: LockReason | null;
  base: number;
  current: number;
  result: ReturnType<typeof climb>;
  steps: LadderStep[];
  why: { factor: number; sentence: Said }[];
  forecast: NightForecast;
  peak: boolean;
};

/** Everything the suggestions are made of, for the route and for the approval and the autopilot. */
export type SuggestionsData = Suggestions & {
  settings: PriceSettings;
  /** The rate calendar's night of each type (`${night}|${type}`). */
  calendar: Map<string, RateCalendarNight>;
  /** The base each price suggestion was computed on (by id). */
  bases: Map<string, number>;
};

/**
 * The suggestions of the nights `from`..`to` (from today on; 400 `suggestions_past` for a window
 * wholly past), as of today.
 */
export async function computeSuggestions(
  db: Db,
  q: { from: string; to: string },
  now = new Date(),
): Promise<SuggestionsData> {
  const today = hotelToday(now);
  if (q.to < today) throw new ApiError(400, 'suggestions_past');
  const from = q.from < today ? today : q.from;
  const to = q.to;
  const [data, rates, [settingRows, limitRows, lockRows, appliedRows, runRows]] = await Promise.all([
    methodData(db, today, from, addDays(to, 1), now),
    readRateCalendar(db, { ratePlan: STANDARD_RATE_PLAN, from, to }, now),
    db.batch([
      ...settingsQueries(db),
      ...windowQueries(db, from, to),
      db.select().from(revenueAutopilotRuns).orderBy(desc(revenueAutopilotRuns.closeDate)).limit(5),
    ]),
  ]);
  const settings = toSettings(settingRows, limitRows);
  const target = settings.targetOccupancyPercent / 100;
  const input = data.input;
  const forecasts = forecastNights(input, dayOf(from), dayOf(to) + 1, data.types);
  const byDay = new Map(forecasts.map((f) => [f.day, f]));
  const weekdays = weekdayFactors(input);
  const locks = new Set(lockRows.map((l) => `${l.night}|${l.roomType}`));
  const applied = new Map(appliedRows.map((a) => [`${a.night}|${a.roomType}|${a.kind}`, a]));
  const calendar = new Map(rates.nights.map((n) => [`${n.night}|${n.roomType}`, n]));
  const typeOrder = [...new Set(rates.nights.map((n) => n.roomType))];

  const suggestions: Suggestion[] = [];
  const nights: SuggestionNight[] = [];
  const bases = new Map<string, number>();
  const peakOf = (f: NightForecast | undefined, type: string) => {
    const capacity = input.typeCapacity(type);
    if (!f || !capacity) return false;
    return (f.byType.get(type)?.forecast ?? 0) / capacity >= LADDER.peakOccupancy || f.constrained;
  };

  for (let day = dayOf(from); day <= dayOf(to); day++) {
    const night = dateOfDay(day);
    const f = byDay.get(day);
    if (!f) continue;
    const events = data.events.filter((e) => e.from <= night && e.to >= night);
    const lines: TypeLine[] = [];
    for (const type of typeOrder) {
      const line = typeLine(data, f, type, night, calendar, settings, weekdays, events, {
        locked: locks.has(`${night}|${type}`),
        applied: applied.get(`${night}|${type}|price`),
      });
      if (line) lines.push({ ...line, peak: peakOf(f, type) });
    }
    for (const line of lines) {
      const s = priceSuggestion(line, settings, target, night);
      if (s) {
        suggestions.push(s);
        bases.set(s.id, line.base);
      }
      suggestions.push(...restrictionSuggestions(line, f, night, byDay, peakOf, target));
    }
    const aligned = f.pickup.lastYear.night;
    const then = aligned === null ? undefined : input.nights.get(aligned);
    nights.push({
      date: night,
      lead: f.lead,
      onTheBooks: f.onTheBooks,
      forecast: f.forecast,
      low: f.low,
      high: f.high,
      capacity: f.capacity,
      constrained: f.constrained,
      lastYear:
        aligned === null || !then
          ? null
          : { date: dateOfDay(aligned), onTheBooks: roomsAtLead(then.hotel, f.lead), final: then.hotelFinal },
      events: events.map((e) => ({
        kind: e.kind,
        nameAr: e.nameAr,
        nameEn: e.nameEn,
        confirmed: e.confirmed,
        uncertaintyDays: e.uncertaintyDays,
      })),
      types: Object.fromEntries(lines.map((l) => [l.type, nightType(l, settings, night)])),
    });
  }
  return {
    asOf: today,
    from,
    to,
    suggestions,
    nights,
    autopilot: runRows.map((r): AutopilotRun => ({
      id: r.id,
      closeDate: r.closeDate,
      ranAt: r.ranAt.toISOString(),
      changes: r.changes,
    })),
    settings,
    calendar,
    bases,
  };
}

/** A night of a room type: its lock, base, factors and ladder (null: a type the plan does not sell, or without rooms). */
function typeLine(
  data: MethodData,
  f: NightForecast,
  type: string,
  night: string,
  calendar: Map<string, RateCalendarNight>,
  settings: PriceSettings,
  weekdays: ReturnType<typeof weekdayFactors>,
  events: RevenueEvent[],
  state: { locked: boolean; applied: { value: number; baseBaisa: number | null } | undefined },
): Omit<TypeLine, 'peak'> | null {
  const input = data.input;
  const cal = calendar.get(`${night}|${type}`);
  const capacity = input.typeCapacity(type);
  if (!cal || !cal.sold || !capacity) return null;
  const current = cal.priceBaisa;
  const own = cal.own.priceBaisa;
  const applied = state.applied;
  // A price still as the last approved suggestion left it keeps that suggestion's base; one typed since is the manager's.
  const fromApplied = applied !== undefined && own === applied.value;
  const lock: LockReason | null = state.locked
    ? 'locked'
    : cal.restrictions.closed
      ? 'closed'
      : applied !== undefined && !fromApplied
        ? 'manual_price'
        : null;
  const base = fromApplied ? (applied.baseBaisa ?? current) : current;
  const source = fromApplied ? 'applied' : cal.priceSource;

  const factors: LadderFactor[] = [];
  const why: TypeLine['why'] = [];
  const sentences: Said[] = [said('step.base', { source }, moneyValues('price', base))];
  const weekday = weekdays[weekdayOfDay(f.day)] ?? null;
  const weekdayName = WEEKDAYS[weekdayOfDay(f.day)]!;
  if (weekday) {
    factors.push({ step: 'weekday', factor: weekday.factor });
    const s = said('step.weekday', {
      weekday: weekdayName,
      occupancy: pct(weekday.occupancy),
      average: pct(weekday.average),
      weeks: LADDER.weekday.weeks,
    });
    sentences.push(s);
    why.push({ factor: weekday.factor, sentence: s });
  } else {
    factors.push({ step: 'weekday', factor: 1 });
    sentences.push(said('step.weekday_none', { weekday: weekdayName }));
  }
  const ev = eventFactor(input, f.day);
  const top = input.eventOf(f.day);
  const event = top ? events.find((e) => e.kind === top.kind) : undefined;
  if (ev && event) {
    factors.push({ step: 'event', factor: ev.factor });
    const names = { ar: { event: event.nameAr }, en: { event: event.nameEn } };
    const uncertain = event.uncertaintyDays > 0 ? 'yes' : 'no';
    const s =
      ev.lastYear !== null && ev.around !== null
        ? said('step.event', { uncertain, lastYear: pct(ev.lastYear), around: pct(ev.around) }, names)
        : said('step.event_unknown', { uncertain }, names);
    sentences.push(s);
    if (ev.lastYear !== null) why.push({ factor: ev.factor, sentence: s });
  }
  const pace = paceFactor(input, f, type, capacity);
  if (pace) {
    factors.push({ step: 'pace', factor: pace.factor });
    const s = said('step.pace', {
      sold: pct(pace.rooms / capacity),
      days: f.lead,
      lastYear: pct(pace.lastYearRooms / capacity),
    });
    sentences.push(s);
    why.push({ factor: pace.factor, sentence: s });
  } else {
    factors.push({ step: 'pace', factor: 1 });
    sentences.push(said('step.pace_unknown', {}));
  }
  const occupancy = occupancyFactor(f, type, capacity, settings.targetOccupancyPercent / 100);
  factors.push({ step: 'occupancy', factor: occupancy.factor });
  const occupancySentence = said('step.occupancy', {
    forecast: pct(occupancy.forecast),
    target: settings.targetOccupancyPercent,
  });
  sentences.push(occupancySentence);
  why.push({ factor: occupancy.factor, sentence: occupancySentence });

  const limit = limitOn(settings.limits, type, night);
  const result = climb(base, factors, settings, limit);
  const steps: LadderStep[] = [];
  let sentence = 0;
  for (const step of result.steps) {
    let s: Said;
    if (FACTOR_STEPS.has(step.step)) {
      s = sentences[sentence++]!;
    } else if (step.step === 'step_cap') {
      s = said('step.step_cap', { cap: settings.stepCapPercent }, moneyValues('price', step.priceBaisa));
    } else if (step.step === 'rounding') {
      s = said(
        'step.rounding',
        {},
        merge(moneyValues('step', settings.priceStepBaisa), moneyValues('price', step.priceBaisa)),
      );
    } else {
      s = said(`step.${step.step}`, {}, moneyValues('price', step.priceBaisa));
    }
    steps.push({
      step: step.step as LadderStep['step'],
      factor: step.factor,
      priceBaisa: step.priceBaisa,
      ar: s.ar,
      en: s.en,
    });
  }
  return { type, capacity, calendar: cal, lock, base, current, result, steps, why, forecast: f };
}

function nightType(line: TypeLine, settings: PriceSettings, night: string): SuggestionNightType {
  const limit = limitOn(settings.limits, line.type, night);
  const t = line.forecast.byType.get(line.type);
  return {
    currentBaisa: line.current,
    baseBaisa: line.base,
    ladderBaisa: line.result.priceBaisa,
    ladder: line.steps,
    lock: line.lock,
    onTheBooks: t?.onTheBooks ?? 0,
    forecast: t?.forecast ?? 0,
    capacity: line.capacity,
    floorBaisa: limit?.floorBaisa ?? null,
    ceilingBaisa: limit?.ceilingBaisa ?? null,
    minStay: line.calendar.restrictions.minStay,
    closedToArrival: line.calendar.restrictions.closedToArrival,
  };
}

/**
 * The price suggestion of a night and type: the ladder's price when it differs by the threshold or
 * more, on a night that is not locked and still has rooms of the type to sell.
 */
function priceSuggestion(
  line: TypeLine,
  settings: PriceSettings,
  target: number,
  night: string,
): Suggestion | null {
  const { current, result } = line;
  const suggested = result.priceBaisa;
  if (line.lock || current <= 0 || suggested === current) return null;
  // Every room of the type is already sold: a new price would sell nothing.
  if ((line.forecast.byType.get(line.type)?.onTheBooks ?? 0) >= line.capacity) return null;
  if ((Math.abs(suggested - current) / current) * 100 < settings.thresholdPercent) return null;
  const total = change(suggested / current);
  // The strongest factor says why first.
  const moved = line.why
    .filter((w) => Math.round(Math.abs(w.factor - 1) * 100) >= 1)
    .sort((a, b) => Math.abs(b.factor - 1) - Math.abs(a.factor - 1));
  const upward = suggested > current;
  const lead = moved.find((w) => w.factor > 1 === upward) ?? moved[0];
  const reasons: Said[] = [];
  if (lead) {
    reasons.push(
      said(
        'total',
        {},
        merge(
          {
            ar: { change: total.ar, why: lead.sentence.ar },
            en: { change: total.en, why: lead.sentence.en },
          },
          moneyValues('current', current),
          moneyValues('suggested', suggested),
        ),
      ),
    );
  } else {
    reasons.push(
      said(
        'total_base',
        {},
        merge(
          { ar: { change: total.ar }, en: { change: total.en } },
          moneyValues('current', current),
          moneyValues('suggested', suggested),
          moneyValues('base', line.base),
        ),
      ),
    );
  }
  for (const w of moved) {
    if (w === lead) continue;
    const c = change(w.factor);
    reasons.push(
      said(
        'factor',
        {},
        { ar: { change: c.ar, why: w.sentence.ar }, en: { change: c.en, why: w.sentence.en } },
      ),
    );
  }
  if (result.limit) {
    const limit = limitOn(settings.limits, line.type, night);
    const price =
      result.limit === 'floor'
        ? limit!.floorBaisa
        : result.limit === 'ceiling'
          ? limit!.ceilingBaisa
          : suggested;
    reasons.push(
      said('limit', { limit: result.limit, cap: settings.stepCapPercent }, moneyValues('price', price)),
    );
  }
  const effect = revenueEffect(line.forecast, line.type, line.capacity, current, suggested, target);
  reasons.push(
    said(
      'effect',
      {
        direction: effect.effectBaisa > 0 ? 'up' : effect.effectBaisa < 0 ? 'down' : 'none',
        elasticity: Math.round(effect.elasticity * 100) / 100,
      },
      moneyValues('amount', Math.abs(effect.effectBaisa)),
    ),
  );
  return {
    id: suggestionId({ date: night, roomType: line.type, kind: 'price', current, suggested }),
    kind: 'price',
    date: night,
    roomType: line.type,
    currentBaisa: current,
    suggestedBaisa: suggested,
    limit: result.limit,
    reasons,
    revenueEffectBaisa: effect.effectBaisa,
  };
}

/**
 * Minimum stay and closed to arrival on peak nights (LADDER.peakOccupancy; from LADDER.restrictionLead
 * days ahead): a two-night minimum on a peak night beside a quieter one (below the target), closed
 * to arrival on a night in the middle of three that sell out (the room type at LADDER.fullOccupancy
 * and the hotel's demand beyond its rooms). Their effect on revenue is not estimated (0).
 */
function restrictionSuggestions(
  line: TypeLine,
  f: NightForecast,
  night: string,
  byDay: Map<number, NightForecast>,
  peakOf: (f: NightForecast | undefined, type: string) => boolean,
  target: number,
): Suggestion[] {
  if (line.lock || !line.peak || f.lead < LADDER.restrictionLead) return [];
  const out: Suggestion[] = [];
  const occupancy = (g: NightForecast | undefined) =>
    g ? (g.byType.get(line.type)?.forecast ?? 0) / line.capacity : 0;
  const percent = pct(occupancy(f));
  const price = line.current;
  const base = {
    date: night,
    roomType: line.type,
    currentBaisa: price,
    suggestedBaisa: price,
    limit: null,
    revenueEffectBaisa: 0,
  } as const;
  const minStay = line.calendar.restrictions.minStay ?? 1;
  const before = byDay.get(f.day - 1);
  const after = byDay.get(f.day + 1);
  if (minStay < 2) {
    // The quieter night beside it: not a peak, and below the target.
    const shoulder = [after, before].find((g) => g && !peakOf(g, line.type) && occupancy(g) < target);
    if (shoulder) {
      const date = dateOfDay(shoulder.day);
      out.push({
        ...base,
        id: suggestionId({
          date: night,
          roomType: line.type,
          kind: 'min_stay',
          current: minStay,
          suggested: 2,
        }),
        kind: 'min_stay',
        reasons: [
          said(
            'min_stay',
            { percent, shoulder: pct(occupancy(shoulder)) },
            { ar: { date: formatDate(date, 'ar') }, en: { date: formatDate(date, 'en') } },
          ),
        ],
        restriction: { current: minStay, suggested: 2 },
      });
    }
  }
  // Closed to arrival: a night in the middle of a run that sells out (the nights before and after
  // too), so a one-night arrival does not take the room a longer stay through it needs.
  const full = (g: NightForecast | undefined) =>
    Boolean(g) && occupancy(g) >= LADDER.fullOccupancy && g!.constrained;
  if (!line.calendar.restrictions.closedToArrival && before && full(f) && full(before) && full(after)) {
    const date = dateOfDay(before.day);
    out.push({
      ...base,
      id: suggestionId({
        date: night,
        roomType: line.type,
        kind: 'closed_to_arrival',
        current: 0,
        suggested: 1,
      }),
      kind: 'closed_to_arrival',
      reasons: [
        said(
          'closed_to_arrival',
          { percent, before: pct(occupancy(before)) },
          { ar: { date: formatDate(date, 'ar') }, en: { date: formatDate(date, 'en') } },
        ),
      ],
      restriction: { current: false, suggested: true },
    });
  }
  return out;
}

/** The route's answer: the suggestions, the nights, the autopilot's latest runs. */
export function suggestionsAnswer(data: SuggestionsData): Suggestions {
  return {
    asOf: data.asOf,
    from: data.from,
    to: data.to,
    suggestions: data.suggestions,
    nights: data.nights,
    autopilot: data.autopilot,
  };
}

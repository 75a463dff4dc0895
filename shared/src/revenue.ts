import { z } from './zod';
import { calendarDate, isCalendarDate } from './date-schemas';
import { addDays } from './dates';

/**
 * Revenue management, the history and the forecast (docs/decisions/094-revenue-history-and-forecast.md):
 * the hotel's history imported from a CSV file, the Gulf's calendar of events, the forecast of
 * rooms sold for every night ahead and its backtest. The requests' schemas and the answers' shapes.
 */

/** The CSV columns the history import reads (any order; others ignored). */
export const HISTORY_COLUMNS = [
  'reference',
  'bookedOn',
  'arrival',
  'departure',
  'status',
  'cancelledOn',
  'roomType',
  'rooms',
  'adults',
  'children',
  'nationality',
  'segment',
  'channel',
  'rateBaisa',
] as const;
export type HistoryColumn = (typeof HISTORY_COLUMNS)[number];
/** The columns a file must have (a line must fill them). */
export const HISTORY_REQUIRED_COLUMNS: readonly HistoryColumn[] = [
  'reference',
  'bookedOn',
  'arrival',
  'departure',
  'status',
  'roomType',
];
export const HISTORY_STATUSES = ['stayed', 'cancelled', 'no_show'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export const HISTORY_RULES = {
  /** The file's largest size (the multipart body may be a little larger). */
  maxFileBytes: 20_000_000,
  /** A line longer than this is refused alone (`history_line_too_long`). */
  maxLineBytes: 64 * 1024,
  /** A stay of more nights is refused (`history_stay_too_long`). */
  maxStayNights: 365,
  maxRooms: 999,
  maxGuests: 99,
  referenceMax: 64,
  /** segment, channel, roomType. */
  textMax: 40,
  maxRateBaisa: 100_000_000,
  /** The refused lines a status answer lists (the count says how many there are in all). */
  refusalsListed: 1000,
} as const;

/** The ways a history import stands. */
export const HISTORY_IMPORT_STATUSES = ['running', 'done', 'failed'] as const;
export type HistoryImportStatus = (typeof HISTORY_IMPORT_STATUSES)[number];

/** A line refused: its line number in the file (the header is line 1), the column, why. */
export type HistoryRefusal = { line: number; field: HistoryColumn | 'line'; code: string };

/** GET /api/admin/revenue/history/:importId. */
export type HistoryImport = {
  id: number;
  fileName: string;
  fileBytes: number;
  status: HistoryImportStatus;
  /** What the background work is doing: reading the lines, then rebuilding the nights' books. */
  phase: 'lines' | 'books' | 'done';
  /** Bytes of the file read so far (progress). */
  bytesRead: number;
  /** Lines read (the header not counted), imported (added, replaced or unchanged) and refused. */
  rows: number;
  imported: number;
  added: number;
  replaced: number;
  unchanged: number;
  refusedCount: number;
  /** The first refused lines (at most HISTORY_RULES.refusalsListed). */
  refused: HistoryRefusal[];
  /** Why a failed import failed: its code, and its sentence in the request's language. */
  error: { code: string; message: string } | null;
  createdAt: string;
  finishedAt: string | null;
};

/** GET /api/admin/revenue/history: the latest imports and what the history holds. */
export type HistoryImports = {
  imports: Omit<HistoryImport, 'refused'>[];
  history: { lines: number; firstArrival: string | null; lastArrival: string | null };
};

/** The lead buckets the backtest reports (days between the as-of day and the night). */
export const LEAD_BUCKETS = [
  { key: '0-3', from: 0, to: 3 },
  { key: '4-7', from: 4, to: 7 },
  { key: '8-14', from: 8, to: 14 },
  { key: '15-30', from: 15, to: 30 },
  { key: '31-60', from: 31, to: 60 },
  { key: '61-90', from: 61, to: 90 },
  { key: '91+', from: 91, to: null },
] as const;
export type LeadBucketKey = (typeof LEAD_BUCKETS)[number]['key'];
export function leadBucketOf(lead: number): LeadBucketKey {
  return LEAD_BUCKETS.find((b) => lead >= b.from && (b.to === null || lead <= b.to))!.key;
}

/** The events the calendar knows. */
export const EVENT_KINDS = [
  'ramadan',
  'eid_al_fitr',
  'eid_al_adha',
  'islamic_new_year',
  'prophets_birthday',
  'national_day',
  'khareef',
  'school_holiday',
  'hotel',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
/** The events set by the Hijri calendar: ±1 day until the manager confirms them (Oman decides by sighting). */
export const LUNAR_EVENT_KINDS: readonly EventKind[] = [
  'ramadan',
  'eid_al_fitr',
  'eid_al_adha',
  'islamic_new_year',
  'prophets_birthday',
];
export const EVENT_RULES = { nameMax: 80, maxDays: 120, yearsAround: 5 } as const;

export type RevenueEvent = {
  id: number;
  kind: EventKind;
  nameAr: string;
  nameEn: string;
  /** First and last day (both included). */
  from: string;
  to: string;
  confirmed: boolean;
  /** Computed from the calendar (Hijri, National Day, Khareef, school holidays) or the hotel's own. */
  source: 'computed' | 'manager';
  /** Days either side a date may still move (1 for a lunar event not confirmed, else 0). */
  uncertaintyDays: number;
};

/** The years the calendar answers for. */
const eventYear = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{4}$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ error: 'event_year_invalid' })
    .int('event_year_invalid')
    .min(2000, 'event_year_invalid')
    .max(2099, 'event_year_invalid'),
);
export const eventsQuerySchema = z.object({ year: eventYear });

const eventName = z
  .string({ error: 'event_name_required' })
  .trim()
  .min(1, 'event_name_required')
  .max(EVENT_RULES.nameMax, 'event_name_too_long');

function eventDatesRule(e: { from?: unknown; to?: unknown }, ctx: z.RefinementCtx) {
  if (!isCalendarDate(String(e.from)) || !isCalendarDate(String(e.to))) return;
  const from = String(e.from);
  const to = String(e.to);
  if (to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_end_before_start' });
  else if (addDays(from, EVENT_RULES.maxDays - 1) < to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'event_too_long' });
}

/** POST /api/admin/revenue/events: a hotel's own event, or a school holiday. */
export const eventCreateSchema = z
  .strictObject(
    {
      kind: z.enum(['hotel', 'school_holiday'], { error: 'event_kind_invalid' }).default('hotel'),
      nameAr: eventName,
      nameEn: eventName,
      from: calendarDate(),
      to: calendarDate(),
    },
    { error: 'unknown_field' },
  )
  .superRefine(eventDatesRule);
export type EventCreate = z.infer<typeof eventCreateSchema>;

/** PUT /api/admin/revenue/events/:id: move, rename or confirm an event (any of the fields). */
export const eventUpdateSchema = z
  .strictObject(
    {
      nameAr: eventName.optional(),
      nameEn: eventName.optional(),
      from: calendarDate().optional(),
      to: calendarDate().optional(),
      confirmed: z.boolean({ error: 'rate_flag_invalid' }).optional(),
    },
    { error: 'unknown_field' },
  )
  .superRefine((e, ctx) => {
    if (Object.values(e).every((v) => v === undefined))
      ctx.addIssue({ code: 'custom', path: ['_'], message: 'no_change' });
    if ((e.from === undefined) !== (e.to === undefined))
      ctx.addIssue({
        code: 'custom',
        path: [e.from === undefined ? 'from' : 'to'],
        message: 'event_dates_together',
      });
    else eventDatesRule(e, ctx);
  });
export type EventUpdate = z.infer<typeof eventUpdateSchema>;

/** The longest window a forecast answers (nights), and a backtest (as-of days). */
export const FORECAST_MAX_NIGHTS = 366;
export const BACKTEST_MAX_DAYS = 366;

function windowRule(max: number, code: string) {
  return (q: { from?: unknown; to?: unknown }, ctx: z.RefinementCtx) => {
    if (!isCalendarDate(String(q.from)) || !isCalendarDate(String(q.to))) return;
    if (String(q.to) < String(q.from))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_end_before_start' });
    else if (addDays(String(q.from), max - 1) < String(q.to))
      ctx.addIssue({ code: 'custom', path: ['to'], message: code });
  };
}

/** GET /api/admin/revenue/forecast?from&to&asOf (asOf: today when absent). */
export const forecastQuerySchema = z
  .object({ from: calendarDate(), to: calendarDate(), asOf: calendarDate().optional() })
  .superRefine(windowRule(FORECAST_MAX_NIGHTS, 'forecast_too_long'));
export type ForecastQuery = z.infer<typeof forecastQuerySchema>;

/** GET /api/admin/revenue/backtest?from&to: the as-of days (both included), before today. */
export const backtestQuerySchema = z
  .object({ from: calendarDate(), to: calendarDate() })
  .superRefine(windowRule(BACKTEST_MAX_DAYS, 'backtest_too_long'));
export type BacktestQuery = z.infer<typeof backtestQuerySchema>;

/**
 * A reason of a night's forecast, with its numbers: `code` and `values` for a program, its
 * sentence in both languages for a person (the worker's catalogue, each language's digits).
 */
export type ForecastReason = {
  code: string;
  values: Record<string, string | number>;
  ar: string;
  en: string;
};

export type ForecastNight = {
  date: string;
  /** Days from the as-of day to the night. */
  lead: number;
  /** Rooms on the books as of the as-of day (imported history and the hotel's own bookings). */
  onTheBooks: number;
  /** The forecast of rooms sold, and an 80 % band. */
  forecast: number;
  low: number;
  high: number;
  /** The hotel's rooms for sale that night (the allotment less the rooms out of order). */
  capacity: number;
  /** The night is expected to sell out, or is closed: its demand is larger than what it sells. */
  constrained: boolean;
  /** What the night actually sold, when it is past as of today (null ahead). */
  final: number | null;
  /** The events of the night (their kinds). */
  events: EventKind[];
  byType: Record<string, { onTheBooks: number; forecast: number; capacity: number | null }>;
  reasons: ForecastReason[];
};
export type Forecast = { asOf: string; nights: ForecastNight[] };

/** One method's error over a set of nights: mean absolute error in rooms, and WAPE (0..1; null with no rooms sold). */
export type BacktestScore = { mae: number; wape: number | null };
export type BacktestMethods = {
  forecast: BacktestScore;
  onTheBooks: BacktestScore;
  lastYearFinal: BacktestScore;
  lastYearPickup: BacktestScore;
};
export type BacktestBucket = { bucket: LeadBucketKey; nights: number } & BacktestMethods;
export type Backtest = {
  from: string;
  to: string;
  /** Every lead bucket over the whole range. */
  summary: BacktestBucket[];
  /** Each as-of day's buckets (nights whose final is known). */
  days: { asOf: string; buckets: BacktestBucket[] }[];
};

import { z } from './zod';
import { calendarDate, isCalendarDate, wholeNumber } from './date-schemas';
import { addDays } from './dates';
import { RATE_RULES } from './rates';
import { roomTypeCodeSchema, type RoomTypeCode } from './room-type-schemas';
import type { EventKind } from './revenue';

/**
 * Revenue management, second half (docs/decisions/101-price-suggestions.md): the price
 * suggestions' settings, the ladder each night and room type climbs, the suggestions, their
 * approval and the autopilot. The requests' schemas and the answers' shapes.
 */

/** The settings' bounds and defaults (a hotel that never saved settings has the defaults). */
export const PRICE_SETTINGS_RULES = {
  targetOccupancyPercent: { default: 80, min: 30, max: 100 },
  thresholdPercent: { default: 2, min: 0, max: 50 },
  stepCapPercent: { default: 30, min: 1, max: 100 },
  /** Suggested prices are rounded to this (baisa): 0.500 rial by default. */
  priceStepBaisa: { default: 500, min: 1, max: 10_000 },
  /** Limits a hotel keeps (room types x seasons). */
  maxLimits: 200,
  /** A season's limit spans at most this many nights. */
  maxSeasonNights: 366,
} as const;

/** The suggestions' window (nights) and how many ids one approval takes. */
export const SUGGESTION_RULES = {
  defaultNights: 90,
  maxNights: 366,
  maxApplyIds: 2_000,
  /** A lock spans at most this many nights. */
  maxLockNights: 366,
} as const;

/**
 * The ladder's constants (docs/decisions/101, "The ladder"): each factor is damped (half of what the
 * figures say) and bounded, so three bookings never move a price far; the step cap and the limits
 * bound the whole.
 */
export const LADDER = {
  /** Weekday: this share of the weekday's occupancy against the average (last 13 weeks). */
  weekday: { weight: 0.5, min: 0.85, max: 1.15, weeks: 13, minNights: 4 },
  /** Event: this share of last year's event occupancy against the ordinary nights around it. */
  event: { weight: 0.5, min: 0.85, max: 1.3, aroundDays: 28 },
  /**
   * Pace: on the books now against last year at the same lead, smoothed (+2 rooms each side),
   * a room type's ratio shrunk toward the hotel's by its counts (n / (n + 10)), and the whole
   * damped by the hotel's counts the same way.
   */
  pace: { weight: 0.4, min: 0.85, max: 1.2, smoothing: 2, shrinkRooms: 10 },
  /** Forecast occupancy against the target: this share of the gap, damped by the band's width. */
  occupancy: { weight: 0.5, min: 0.8, max: 1.2 },
  /**
   * The price response used for the expected revenue effect (the rooms still to sell): elasticity
   * -2 + 1.5 x occupancy / target, within [-2, -0.5]: price-sensitive when the night is quiet,
   * hardly at all when demand reaches the target.
   */
  elasticity: { at0: -2, slope: 1.5, min: -2, max: -0.5 },
  /** A peak night: the room type's forecast occupancy at least this, or the hotel's demand above its rooms. */
  peakOccupancy: 0.95,
  /** Sold out: a room type's forecast occupancy at least this (closed to arrival in a run of such nights). */
  fullOccupancy: 0.98,
  /** Restrictions are suggested only this many days ahead or more (closer in, they turn guests away). */
  restrictionLead: 7,
} as const;

export const SUGGESTION_KINDS = ['price', 'min_stay', 'closed_to_arrival'] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];

/** What bounded a suggested price. */
export type SuggestionLimit = 'floor' | 'ceiling' | 'step_cap' | null;

/** Why a night of a room type gets no suggestion. */
export const LOCK_REASONS = ['locked', 'closed', 'manual_price', 'not_sold'] as const;
export type LockReason = (typeof LOCK_REASONS)[number];

/** A sentence in both languages (the worker's catalogue, each language's digits). */
export type Said = { code: string; values: Record<string, string | number>; ar: string; en: string };

/** One step of a ladder: the factor and the price after it. */
export type LadderStep = {
  step: 'base' | 'weekday' | 'event' | 'pace' | 'occupancy' | 'step_cap' | 'floor' | 'ceiling' | 'rounding';
  /** The step's factor (1: no effect); null for the base, the bounds and the rounding. */
  factor: number | null;
  priceBaisa: number;
  ar: string;
  en: string;
};

/**
 * A suggestion (GET /api/admin/revenue/suggestions). `currentBaisa`: the standard plan's price of
 * the night for the room type's base occupancy; `suggestedBaisa` the price suggested (a
 * restriction's suggestion keeps the price: both the current one). `id` names the night, type,
 * kind and both values, so an approval of a suggestion the calendar has moved past is refused.
 */
export type Suggestion = {
  id: string;
  kind: SuggestionKind;
  date: string;
  roomType: RoomTypeCode;
  currentBaisa: number;
  suggestedBaisa: number;
  limit: SuggestionLimit;
  reasons: Said[];
  revenueEffectBaisa: number;
  /** A restriction's suggestion: its value now and suggested (minimum stay in nights; closed to arrival). */
  restriction?: { current: number | boolean; suggested: number | boolean };
};

/** A night of a room type on the calendar: its price now, its ladder, and whether it may be touched. */
export type SuggestionNightType = {
  currentBaisa: number;
  baseBaisa: number;
  /** The price the ladder comes to (rounded, bounded); equal to the current price: no change. */
  ladderBaisa: number;
  ladder: LadderStep[];
  lock: LockReason | null;
  onTheBooks: number;
  forecast: number;
  capacity: number | null;
  /** The limit in force that night (a season's, else the room type's), if any. */
  floorBaisa: number | null;
  ceilingBaisa: number | null;
  minStay: number | null;
  closedToArrival: boolean;
};

/** A night of the calendar: the hotel's books, forecast and band, last year, the events, each type. */
export type SuggestionNight = {
  date: string;
  lead: number;
  onTheBooks: number;
  forecast: number;
  low: number;
  high: number;
  capacity: number;
  constrained: boolean;
  /** The aligned night last year (same weekday, or the event's same night): on the books at the same lead, and its final. */
  lastYear: { date: string; onTheBooks: number; final: number | null } | null;
  events: { kind: EventKind; nameAr: string; nameEn: string; confirmed: boolean; uncertaintyDays: number }[];
  types: Record<RoomTypeCode, SuggestionNightType>;
};

export type Suggestions = {
  asOf: string;
  from: string;
  to: string;
  suggestions: Suggestion[];
  nights: SuggestionNight[];
  /** Prices the autopilot changed lately (the newest runs first). */
  autopilot: AutopilotRun[];
};

/** One autopilot run (after a night's close): what it changed. */
export type AutopilotRun = {
  id: number;
  closeDate: string;
  ranAt: string;
  changes: {
    date: string;
    roomType: RoomTypeCode;
    kind: SuggestionKind;
    fromBaisa: number;
    toBaisa: number;
  }[];
};

// ---- Requests ----

const percent = (code: string, min: number, max: number) =>
  wholeNumber(code).pipe(z.number().min(min, code).max(max, code));
const baisa = wholeNumber('revenue_limit_price_invalid').pipe(
  z
    .number()
    .min(1, 'revenue_limit_price_invalid')
    .max(RATE_RULES.maxPriceBaisa, 'revenue_limit_price_invalid'),
);

/** A floor and ceiling of a room type: all year (no dates), or a season's (from/to, both included). */
export const priceLimitSchema = z.strictObject(
  {
    roomType: roomTypeCodeSchema,
    from: calendarDate().nullable().optional(),
    to: calendarDate().nullable().optional(),
    floorBaisa: baisa,
    ceilingBaisa: baisa,
  },
  { error: 'unknown_field' },
);
export type PriceLimit = {
  roomType: RoomTypeCode;
  from: string | null;
  to: string | null;
  floorBaisa: number;
  ceilingBaisa: number;
};

const S = PRICE_SETTINGS_RULES;

/**
 * PUT /api/admin/revenue/settings (managers): any of the fields; `limits` replaces the whole list.
 * A limit's season (`from`, `to`) refines the room type's all-year limit on its nights; two limits
 * of a type never cover the same night.
 */
export const priceSettingsSchema = z
  .strictObject(
    {
      targetOccupancyPercent: percent(
        'revenue_target_invalid',
        S.targetOccupancyPercent.min,
        S.targetOccupancyPercent.max,
      ).optional(),
      thresholdPercent: percent(
        'revenue_threshold_invalid',
        S.thresholdPercent.min,
        S.thresholdPercent.max,
      ).optional(),
      stepCapPercent: percent(
        'revenue_step_cap_invalid',
        S.stepCapPercent.min,
        S.stepCapPercent.max,
      ).optional(),
      priceStepBaisa: percent(
        'revenue_price_step_invalid',
        S.priceStepBaisa.min,
        S.priceStepBaisa.max,
      ).optional(),
      autopilot: z.boolean({ error: 'rate_flag_invalid' }).optional(),
      limits: z
        .array(priceLimitSchema, { error: 'revenue_limits_invalid' })
        .max(S.maxLimits, 'revenue_limits_too_many')
        .optional(),
    },
    { error: 'unknown_field' },
  )
  .superRefine((s, ctx) => {
    if (Object.values(s).every((v) => v === undefined))
      ctx.addIssue({ code: 'custom', path: ['_'], message: 'no_change' });
    const limits = s.limits ?? [];
    limits.forEach((l, i) => {
      if (l.floorBaisa > l.ceilingBaisa)
        ctx.addIssue({
          code: 'custom',
          path: ['limits', i, 'ceilingBaisa'],
          message: 'revenue_limit_floor_above_ceiling',
        });
      const from = l.from ?? null;
      const to = l.to ?? null;
      if ((from === null) !== (to === null)) {
        ctx.addIssue({
          code: 'custom',
          path: ['limits', i, from === null ? 'from' : 'to'],
          message: 'event_dates_together',
        });
        return;
      }
      if (from === null || to === null || !isCalendarDate(from) || !isCalendarDate(to)) return;
      if (to < from)
        ctx.addIssue({ code: 'custom', path: ['limits', i, 'to'], message: 'range_end_before_start' });
      else if (addDays(from, S.maxSeasonNights - 1) < to)
        ctx.addIssue({ code: 'custom', path: ['limits', i, 'to'], message: 'revenue_season_too_long' });
    });
    // Two limits of a type covering the same night (two all-year ones, or overlapping seasons).
    for (let i = 0; i < limits.length; i++) {
      for (let j = 0; j < i; j++) {
        const a = limits[i]!;
        const b = limits[j]!;
        if (a.roomType !== b.roomType) continue;
        const aAll = !a.from;
        const bAll = !b.from;
        const overlap = aAll && bAll ? true : aAll || bAll ? false : a.from! <= b.to! && b.from! <= a.to!;
        if (overlap)
          ctx.addIssue({ code: 'custom', path: ['limits', i, 'roomType'], message: 'revenue_limit_overlap' });
      }
    }
  })
  .transform((s) => ({
    ...s,
    limits: s.limits?.map((l): PriceLimit => ({
      roomType: l.roomType,
      from: l.from ?? null,
      to: l.to ?? null,
      floorBaisa: l.floorBaisa,
      ceilingBaisa: l.ceilingBaisa,
    })),
  }));
export type PriceSettingsUpdate = z.infer<typeof priceSettingsSchema>;

/** GET /api/admin/revenue/settings. */
export type PriceSettings = {
  targetOccupancyPercent: number;
  thresholdPercent: number;
  stepCapPercent: number;
  priceStepBaisa: number;
  autopilot: boolean;
  limits: PriceLimit[];
  updatedAt: string | null;
};

export const DEFAULT_PRICE_SETTINGS: Omit<PriceSettings, 'limits' | 'updatedAt'> = {
  targetOccupancyPercent: S.targetOccupancyPercent.default,
  thresholdPercent: S.thresholdPercent.default,
  stepCapPercent: S.stepCapPercent.default,
  priceStepBaisa: S.priceStepBaisa.default,
  autopilot: false,
};

/** GET /api/admin/revenue/suggestions?from&to (both included; from today on; at most SUGGESTION_RULES.maxNights). */
export const suggestionsQuerySchema = z
  .object({ from: calendarDate(), to: calendarDate() })
  .superRefine((q, ctx) => {
    if (!isCalendarDate(String(q.from)) || !isCalendarDate(String(q.to))) return;
    if (String(q.to) < String(q.from))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_end_before_start' });
    else if (addDays(String(q.from), SUGGESTION_RULES.maxNights - 1) < String(q.to))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'suggestions_too_long' });
  });
export type SuggestionsQuery = z.infer<typeof suggestionsQuerySchema>;

/** A suggestion's id: `date:roomType:kind:current:suggested` (values in baisa, nights, or 0/1). */
export const SUGGESTION_ID =
  /^(\d{4}-\d{2}-\d{2}):([a-z][a-z0-9-]{1,31}):(price|min_stay|closed_to_arrival):(\d{1,9}):(\d{1,9})$/;

export function suggestionId(s: {
  date: string;
  roomType: string;
  kind: SuggestionKind;
  current: number;
  suggested: number;
}): string {
  return `${s.date}:${s.roomType}:${s.kind}:${s.current}:${s.suggested}`;
}

export type ParsedSuggestionId = {
  id: string;
  date: string;
  roomType: string;
  kind: SuggestionKind;
  current: number;
  suggested: number;
};

export function parseSuggestionId(id: string): ParsedSuggestionId | null {
  const m = SUGGESTION_ID.exec(id);
  if (!m || !isCalendarDate(m[1]!)) return null;
  return {
    id,
    date: m[1]!,
    roomType: m[2]!,
    kind: m[3] as SuggestionKind,
    current: Number(m[4]),
    suggested: Number(m[5]),
  };
}

/** POST /api/admin/revenue/suggestions/apply: the suggestions approved (their ids). */
export const applySuggestionsSchema = z.strictObject(
  {
    ids: z
      .array(
        z
          .string({ error: 'suggestion_id_invalid' })
          .max(80, 'suggestion_id_invalid')
          .refine((id) => parseSuggestionId(id) !== null, 'suggestion_id_invalid'),
        { error: 'suggestion_ids_required' },
      )
      .min(1, 'suggestion_ids_required')
      .max(SUGGESTION_RULES.maxApplyIds, 'suggestion_ids_too_many'),
  },
  { error: 'unknown_field' },
);
export type ApplySuggestions = z.infer<typeof applySuggestionsSchema>;

/** The answer of an approval: what was written, and what was already so. */
export type AppliedSuggestions = {
  applied: number;
  unchanged: number;
  message: string;
};

/** PUT /api/admin/revenue/locks: the nights from/to (both included) of the room types locked or unlocked. */
export const priceLocksSchema = z
  .strictObject(
    {
      from: calendarDate(),
      to: calendarDate(),
      roomTypes: z
        .array(roomTypeCodeSchema, { error: 'invalid_room_type' })
        .min(1, 'invalid_room_type')
        .max(100, 'invalid_room_type'),
      locked: z.boolean({ error: 'rate_flag_invalid' }),
    },
    { error: 'unknown_field' },
  )
  .superRefine((q, ctx) => {
    if (new Set(q.roomTypes).size !== q.roomTypes.length)
      ctx.addIssue({ code: 'custom', path: ['roomTypes'], message: 'invalid_room_type' });
    if (!isCalendarDate(String(q.from)) || !isCalendarDate(String(q.to))) return;
    if (String(q.to) < String(q.from))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_end_before_start' });
    else if (addDays(String(q.from), SUGGESTION_RULES.maxLockNights - 1) < String(q.to))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'suggestions_too_long' });
  });
export type PriceLocks = z.infer<typeof priceLocksSchema>;

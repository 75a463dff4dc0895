import { z } from './zod';
import { MAX_STAY_NIGHTS } from './constants';
import { calendarDate, isCalendarDate, wholeNumber } from './date-schemas';
import { addDays, hotelToday } from './dates';
import { toLatinDigits } from './digits';
import { nightsBetween } from './money';
import {
  RATE_RULES,
  STANDARD_RATE_PLAN,
  nightsOfRange,
  type ExtraGuestSource,
  type RateNightValues,
  type Restrictions,
} from './rates';
import { guestCountFields, refineGuests, withGuestCounts, type GuestCounts } from './guest-counts';
import { ROOM_TYPE_CODE, roomTypeCodeSchema, type RoomTypeCode } from './room-type-schemas';

/** A plan's code as the API takes it: lower-case letters, digits and `_`, a letter first. */
export const ratePlanCodeSchema = z
  .string({ error: 'rate_plan_unknown' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_]*$/, 'rate_plan_code_invalid')
  .max(RATE_RULES.codeMax, 'rate_plan_code_invalid');

/** The plan a booking or a quote names (default `standard`). */
export const bookingRatePlanSchema = z
  .string({ error: 'rate_plan_unknown' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, 'rate_plan_unknown')
  .default(STANDARD_RATE_PLAN);

/**
 * A room type a query names: any well-formed code (400 `invalid_room_type`); the worker answers
 * the same for a code no type has (the hotel's types are its data, migration 0065).
 */
const roomTypeSchema = roomTypeCodeSchema;

/**
 * GET /api/quote?roomType&ratePlan&checkInDate&checkOutDate&adults&children: the stay's nightly
 * prices on the plan, or 422 with the restriction that refuses it (or `over_occupancy`, above the
 * room type's limits). `numberOfGuests` alone (an older client) is that many adults; none, two.
 */
export const quoteQuerySchema = z
  .object({
    roomType: roomTypeSchema,
    ratePlan: bookingRatePlanSchema,
    checkInDate: calendarDate('check_in_required'),
    checkOutDate: calendarDate('check_out_required'),
    ...guestCountFields,
  })
  .superRefine(refineGuests)
  .superRefine((q, ctx) => {
    if (!isCalendarDate(q.checkInDate) || !isCalendarDate(q.checkOutDate)) return;
    const nights = nightsBetween(q.checkInDate, q.checkOutDate);
    if (q.checkInDate < hotelToday())
      ctx.addIssue({ code: 'custom', path: ['checkInDate'], message: 'check_in_past' });
    else if (nights < 1)
      ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: 'check_out_after_check_in' });
    else if (nights > MAX_STAY_NIGHTS)
      ctx.addIssue({ code: 'custom', path: ['checkOutDate'], message: 'stay_too_long' });
  })
  .transform(withGuestCounts);
export type QuoteQuery = z.infer<typeof quoteQuerySchema>;

/** The answer of GET /api/quote (and what a booking keeps). */
export type Quote = GuestCounts & {
  ratePlan: string;
  roomType: RoomTypeCode;
  nights: { date: string; priceBaisa: number }[];
  totalPriceBaisa: number;
};

/**
 * GET /api/availability's optional plan and guests (the calendar's prices for them): adults and
 * children, or `numberOfGuests` alone as adults; none, two adults.
 */
export const availabilityPlanSchema = z.object({
  ratePlan: bookingRatePlanSchema,
  ...guestCountFields,
});

// The staff's side of rates (GET/POST /api/admin/rate-plans, PATCH /api/admin/rate-plans/:code,
// PUT and GET /api/admin/rates): plans and their rules, and the bulk edit of nights.

/** A deposit's percentage of the stay. */
export const DEPOSIT_PERCENT = { min: 1, max: 100 } as const;
/** The largest place a plan may take in the list. */
export const RATE_SORT_ORDER_MAX = 999;

/**
 * A whole number that may be negative (a plan's percentage on its parent: -10), typed with
 * Latin or Arabic-Indic digits and an ASCII or Unicode minus; anything else is refused.
 */
function signedWhole(code: string) {
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const text = toLatinDigits(v)
        .trim()
        .replace(/^[−‐‑–]/, '-');
      return /^-?\d{1,4}$/.test(text) ? Number(text) : v;
    },
    z.number({ error: code }).int(code),
  );
}

const flag = z.boolean({ error: 'rate_flag_invalid' });

const planName = z
  .string({ error: 'rate_plan_name_required' })
  .trim()
  .min(1, 'rate_plan_name_required')
  .max(RATE_RULES.nameMax, 'rate_plan_name_too_long');

/** The most room types one plan sells (the worker checks each is one of the hotel's). */
export const PLAN_ROOM_TYPES_MAX = 100;

const planRoomTypes = z
  .array(
    z
      .string({ error: 'rate_plan_room_types_invalid' })
      .trim()
      .toLowerCase()
      .regex(ROOM_TYPE_CODE, 'rate_plan_room_types_invalid'),
    { error: 'rate_plan_room_types_invalid' },
  )
  .min(1, 'rate_plan_room_types_invalid')
  .max(PLAN_ROOM_TYPES_MAX, 'rate_plan_room_types_invalid')
  .refine((types) => new Set(types).size === types.length, 'rate_plan_room_types_invalid');

/** Free cancellation until `hours` before check-in time on the arrival day, or none. */
export const cancellationRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('free_until'),
      hours: wholeNumber('cancellation_hours_invalid').pipe(
        z
          .number()
          .min(0, 'cancellation_hours_invalid')
          .max(RATE_RULES.maxCancellationHours, 'cancellation_hours_invalid'),
      ),
    }),
    z.object({ kind: z.literal('non_refundable') }),
  ],
  { error: 'rate_plan_cancellation_invalid' },
);

/** No deposit, the first night, or a percentage of the stay (1 to 100). */
export const depositRuleSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('none') }),
    z.object({ kind: z.literal('first_night') }),
    z.object({
      kind: z.literal('percent'),
      percent: wholeNumber('rate_deposit_percent_invalid').pipe(
        z
          .number()
          .min(DEPOSIT_PERCENT.min, 'rate_deposit_percent_invalid')
          .max(DEPOSIT_PERCENT.max, 'rate_deposit_percent_invalid'),
      ),
    }),
  ],
  { error: 'rate_plan_deposit_invalid' },
);

const adjustment = signedWhole('rate_plan_adjustment_invalid').pipe(
  z
    .number()
    .min(RATE_RULES.adjustmentMin, 'rate_plan_adjustment_invalid')
    .max(RATE_RULES.adjustmentMax, 'rate_plan_adjustment_invalid'),
);
const sortOrder = wholeNumber('rate_sort_order_invalid').pipe(
  z.number().max(RATE_SORT_ORDER_MAX, 'rate_sort_order_invalid'),
);
/**
 * A plan's own price of each guest beyond a room type's base occupancy, a night (baisa, Latin or
 * Arabic-Indic digits); null: none of its own (the parent's adjusted, else the room type's).
 */
const planExtraGuestPrice = z.union(
  [
    z.null(),
    wholeNumber('rate_price_invalid').pipe(z.number().max(RATE_RULES.maxPriceBaisa, 'rate_price_invalid')),
  ],
  { error: 'rate_price_invalid' },
);

const planFields = {
  nameAr: planName,
  nameEn: planName,
  roomTypes: planRoomTypes,
  breakfastIncluded: flag,
  cancellation: cancellationRuleSchema,
  deposit: depositRuleSchema,
  confirmOnDeposit: flag,
  parentCode: ratePlanCodeSchema.nullable(),
  parentAdjustmentPercent: adjustment.nullable(),
  active: flag,
  public: flag,
  extraGuestPriceBaisa: planExtraGuestPrice,
  sortOrder,
};

/** A percentage only with a parent: a plan without one has nothing to adjust. */
function adjustmentNeedsParent(
  plan: { parentCode?: string | null; parentAdjustmentPercent?: number | null },
  ctx: z.RefinementCtx,
) {
  if (plan.parentCode === null && plan.parentAdjustmentPercent != null) {
    ctx.addIssue({
      code: 'custom',
      path: ['parentAdjustmentPercent'],
      message: 'rate_plan_adjustment_without_parent',
    });
  }
}

/**
 * POST /api/admin/rate-plans (admins): a new plan. Without a parent it has no percentage; with
 * one, the percentage defaults to 0 (the parent's prices as they are).
 */
export const ratePlanCreateSchema = z
  .object({
    code: ratePlanCodeSchema,
    nameAr: planFields.nameAr,
    nameEn: planFields.nameEn,
    roomTypes: planFields.roomTypes,
    breakfastIncluded: flag.default(false),
    cancellation: planFields.cancellation,
    deposit: planFields.deposit.default({ kind: 'none' }),
    confirmOnDeposit: planFields.confirmOnDeposit.default(false),
    parentCode: planFields.parentCode.default(null),
    parentAdjustmentPercent: planFields.parentAdjustmentPercent.optional(),
    active: flag.default(true),
    public: flag.default(true),
    extraGuestPriceBaisa: planFields.extraGuestPriceBaisa.default(null),
    sortOrder: sortOrder.optional(),
  })
  .superRefine(adjustmentNeedsParent);
export type RatePlanCreate = z.infer<typeof ratePlanCreateSchema>;

/**
 * PATCH /api/admin/rate-plans/:code (admins): the fields given change, the others stay;
 * `parentCode: null` ends following a parent (and its percentage).
 */
export const ratePlanPatchSchema = z
  .object({
    nameAr: planFields.nameAr.optional(),
    nameEn: planFields.nameEn.optional(),
    roomTypes: planFields.roomTypes.optional(),
    breakfastIncluded: flag.optional(),
    cancellation: planFields.cancellation.optional(),
    deposit: planFields.deposit.optional(),
    confirmOnDeposit: planFields.confirmOnDeposit.optional(),
    parentCode: planFields.parentCode.optional(),
    parentAdjustmentPercent: planFields.parentAdjustmentPercent.optional(),
    active: flag.optional(),
    public: flag.optional(),
    extraGuestPriceBaisa: planFields.extraGuestPriceBaisa.optional(),
    sortOrder: sortOrder.optional(),
  })
  .superRefine((patch, ctx) => {
    if (Object.values(patch).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'rate_nothing_to_change' });
    }
    adjustmentNeedsParent(patch, ctx);
  });
export type RatePlanPatch = z.infer<typeof ratePlanPatchSchema>;

/** A plan's code in a path. */
export const ratePlanParamSchema = z.object({ code: ratePlanCodeSchema });

const price = wholeNumber('rate_price_invalid')
  .pipe(z.number().max(RATE_RULES.maxPriceBaisa, 'rate_price_invalid'))
  .nullable()
  .optional();
const stayLimit = wholeNumber('rate_stay_invalid')
  .pipe(z.number().min(1, 'rate_stay_invalid').max(RATE_RULES.maxStayNights, 'rate_stay_invalid'))
  .nullable()
  .optional();
const restriction = flag.nullable().optional();

/** The values a night may have of its own, each `null` (cleared) or left out (untouched). */
export const RATE_VALUE_FIELDS = [
  'priceBaisa',
  'singlePriceBaisa',
  'extraGuestPriceBaisa',
  'minStay',
  'maxStay',
  'closed',
  'closedToArrival',
  'closedToDeparture',
] as const;
export type RateValueField = (typeof RATE_VALUE_FIELDS)[number];

const weekday = wholeNumber('rate_weekdays_invalid').pipe(z.number().max(6, 'rate_weekdays_invalid'));

/** Whether `from` is before yesterday (a night already sold and slept in: not rewritten). */
export const rateFromPast = (from: string, today = hotelToday()) => from < addDays(today, -1);

/**
 * PUT /api/admin/rates (managers): the nights `from` to `to` (inclusive; only `weekdays`, 0 =
 * Sunday, when given) of a plan for one room type or several get the values given; `null` clears a
 * value (the night then follows its parent plan, the room type's price or standard's rule). At
 * most two years (RATE_RULES.maxRangeNights), from yesterday on.
 */
export const rateEditSchema = z
  .object({
    ratePlan: ratePlanCodeSchema,
    roomType: z.union([roomTypeSchema, z.array(roomTypeSchema, { error: 'invalid_room_type' })], {
      error: 'invalid_room_type',
    }),
    from: calendarDate('start_date_required'),
    to: calendarDate('rate_to_required'),
    weekdays: z
      .array(weekday, { error: 'rate_weekdays_invalid' })
      .max(7, 'rate_weekdays_invalid')
      .refine((days) => new Set(days).size === days.length, 'rate_weekdays_invalid')
      .optional(),
    priceBaisa: price,
    singlePriceBaisa: price,
    extraGuestPriceBaisa: price,
    minStay: stayLimit,
    maxStay: stayLimit,
    closed: restriction,
    closedToArrival: restriction,
    closedToDeparture: restriction,
  })
  .superRefine((edit, ctx) => {
    const types = Array.isArray(edit.roomType) ? edit.roomType : [edit.roomType];
    if (types.length === 0 || new Set(types).size !== types.length) {
      ctx.addIssue({ code: 'custom', path: ['roomType'], message: 'invalid_room_type' });
    }
    if (RATE_VALUE_FIELDS.every((field) => edit[field] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'rate_nothing_to_change' });
    }
    if (edit.minStay != null && edit.maxStay != null && edit.minStay > edit.maxStay) {
      ctx.addIssue({ code: 'custom', path: ['maxStay'], message: 'rate_min_over_max' });
    }
    if (!isCalendarDate(edit.from) || !isCalendarDate(edit.to)) return;
    const nights = nightsBetween(edit.from, edit.to) + 1;
    if (rateFromPast(edit.from)) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'rate_from_past' });
    } else if (nights < 1) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'rate_to_before_from' });
    } else if (nights > RATE_RULES.maxRangeNights) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'rate_range_too_long' });
    } else if (edit.weekdays && nightsOfRange(edit.from, edit.to, edit.weekdays).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'rate_no_nights' });
    }
  })
  .transform(({ roomType, ...edit }) => ({
    ...edit,
    roomTypes: Array.isArray(roomType) ? roomType : [roomType],
  }));
export type RateEdit = z.infer<typeof rateEditSchema>;

/**
 * GET /api/admin/rates?ratePlan&from&to[&roomType] (staff): the rate calendar's nights, at most
 * RATE_RULES.maxReadNights, for one room type or every one the hotel has.
 */
export const rateCalendarQuerySchema = z
  .object({
    ratePlan: ratePlanCodeSchema,
    from: calendarDate('start_date_required'),
    to: calendarDate('rate_to_required'),
    roomType: roomTypeSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
    const nights = nightsBetween(q.from, q.to) + 1;
    if (nights < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'rate_to_before_from' });
    else if (nights > RATE_RULES.maxReadNights) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'rate_read_too_long' });
    }
  });
export type RateCalendarQuery = z.infer<typeof rateCalendarQuerySchema>;

/** Where a night's price on a plan comes from: its own, its parent's (adjusted), the room type's. */
export type RatePriceSource = 'own' | 'parent' | 'room_type';

/** One room type and night of GET /api/admin/rates. */
export type RateCalendarNight = {
  roomType: RoomTypeCode;
  night: string;
  /** Whether the plan sells the room type (a plan's rows of other types are not used). */
  sold: boolean;
  /** The plan's own values of the night (null: not set). */
  own: RateNightValues;
  /**
   * The price for the type's base occupancy (two for the spec's four), for one, and for each guest
   * beyond the base, as the quote prices them.
   */
  priceBaisa: number;
  singlePriceBaisa: number;
  extraGuestPriceBaisa: number;
  priceSource: RatePriceSource;
  /** Where the extra-guest price comes from: the night's own, the plan's, the parent's, the type's, the spec's. */
  extraGuestSource: ExtraGuestSource;
  /**
   * What each guest beyond the base would pay that night without an extra-guest price of the
   * night's own (what clearing it leads to), and where that comes from.
   */
  inheritedExtraGuest: { priceBaisa: number; source: Exclude<ExtraGuestSource, 'own'> };
  /** The restrictions that bind the night: the plan's own, else its parents', else standard's. */
  restrictions: Restrictions;
};

import { z } from './zod';
import { wholeNumber } from './date-schemas';
import { toLatinDigits } from './digits';
import { folioAmount } from './folio-schemas';
import { ROOM_TYPE_CODE } from './room-type-schemas';
import { FOLIO_DEPARTMENTS, type FolioDepartment } from './taxes';

/**
 * The extras a guest buys for a stay before arriving (docs/decisions/098-stay-extras.md): an
 * upgrade to a better room type, an early check-in or a late check-out (price tiers by the hour, a
 * daily cap of rooms), breakfast, an airport transfer, or any other extra the hotel sells. The
 * hotel sets its offers up at /admin/extras; the guest sees those their stay may buy from the
 * booking until the day of arrival and buys them (instantly, or as a request the desk answers).
 * Amounts are integer baisa, what the guest pays (taxes included, as every price of the hotel).
 */

export const EXTRA_KINDS = [
  'upgrade',
  'early_check_in',
  'late_check_out',
  'breakfast',
  'transfer',
  'other',
] as const;
export type ExtraKind = (typeof EXTRA_KINDS)[number];

/** The kinds with price tiers by the hour and a daily cap of rooms. */
export const TIMED_EXTRA_KINDS = ['early_check_in', 'late_check_out'] as const satisfies readonly ExtraKind[];
export const isTimedKind = (kind: ExtraKind) => (TIMED_EXTRA_KINDS as readonly string[]).includes(kind);

/** The kinds a stay buys once at most (a second transfer or "other" extra may be wanted). */
export const ONCE_PER_STAY_KINDS = [
  'upgrade',
  'early_check_in',
  'late_check_out',
  'breakfast',
] as const satisfies readonly ExtraKind[];
export const isOncePerStay = (kind: ExtraKind) => (ONCE_PER_STAY_KINDS as readonly string[]).includes(kind);

/** Where an offer was made and bought: the guest's app, the link of the WhatsApp message, the desk. */
export const EXTRA_CHANNELS = ['app', 'whatsapp', 'desk'] as const;
export type ExtraChannel = (typeof EXTRA_CHANNELS)[number];

/**
 * A purchase's life: `requested` (waits for the desk) → `confirmed` | `declined` | `expired` (not
 * answered by the arrival) | `cancelled` (the stay was); `confirmed` (posted to the folio) →
 * `cancelled` (the stay was, before arrival). The database refuses any other move.
 */
export const EXTRA_PURCHASE_STATUSES = [
  'requested',
  'confirmed',
  'declined',
  'expired',
  'cancelled',
] as const;
export type ExtraPurchaseStatus = (typeof EXTRA_PURCHASE_STATUSES)[number];
/** The statuses that hold (a room type's nights, a place under a daily cap, the stay's one purchase of a kind). */
export const HOLDING_PURCHASE_STATUSES = ['requested', 'confirmed'] as const satisfies ExtraPurchaseStatus[];

/** What the price of an offer counts: a night, a person a night, a car, or one item. */
export type ExtraUnit = 'night' | 'person_night' | 'car' | 'item';
export const EXTRA_UNIT: Record<ExtraKind, ExtraUnit> = {
  upgrade: 'night',
  early_check_in: 'item',
  late_check_out: 'item',
  breakfast: 'person_night',
  transfer: 'car',
  other: 'item',
};

export const EXTRA_RULES = {
  nameMax: 80,
  descriptionMax: 600,
  /** Price tiers of an early check-in or a late check-out (e.g. 08:00, 10:00, 12:00). */
  maxTiers: 6,
  /** Rooms a day an early check-in or a late check-out may be given to. */
  maxDailyCap: 500,
  /** Persons (breakfast), cars (transfer) or items (other) in one purchase. */
  maxQuantity: 20,
  /** Rate plans or room types an offer names (none: every one). */
  maxCodes: 50,
  /** Offers the hotel keeps (active or not). */
  maxExtras: 100,
  noteMax: 300,
  declineReasonMax: 300,
  /** Days before arrival the WhatsApp message brings the guest to the extras. */
  whatsappDaysBefore: 3,
  /** Purchases a page of the desk's requests lists. */
  requestsPage: 100,
  /** The report's range, in days at most. */
  reportMaxDays: 366,
} as const;

/** `HH:MM`, 00:00 to 23:59 (digits typed in Arabic-Indic accepted). */
export const extraTimeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
  z.string({ error: 'extra_time_invalid' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'extra_time_invalid'),
);

const name = z
  .string({ error: 'extra_name_required' })
  .trim()
  .min(1, 'extra_name_required')
  .max(EXTRA_RULES.nameMax, 'text_too_long');

const description = z
  .multilineString({ error: 'text_too_long' })
  .trim()
  .max(EXTRA_RULES.descriptionMax, 'text_too_long');

const roomTypeCode = z
  .string({ error: 'extra_room_type_unknown' })
  .trim()
  .regex(ROOM_TYPE_CODE, 'extra_room_type_unknown');

const planCode = z
  .string({ error: 'extra_rate_plan_unknown' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, 'extra_rate_plan_unknown');

/** A price tier of an early check-in or a late check-out: from (early) or until (late) this hour, this price. */
export const extraTierSchema = z.object({ time: extraTimeSchema, priceBaisa: folioAmount() });
export type ExtraTier = z.infer<typeof extraTierSchema>;

/**
 * POST /api/admin/extras, PUT /api/admin/extras/:id: an offer as a manager sets it up. `priceBaisa`
 * is per night for an upgrade, per person a night for breakfast, per car for a transfer, per item
 * otherwise; an early check-in or late check-out with tiers is priced by the tier the guest picks
 * (`priceBaisa` is then the dearest tier's, shown as "from"). `ratePlans` and `roomTypes` empty:
 * every plan and type may buy it (an upgrade is bought only from its `fromRoomType`).
 */
export const extraSchema = z
  .object({
    kind: z.enum(EXTRA_KINDS, { error: 'extra_kind_invalid' }),
    nameAr: name,
    nameEn: name,
    descriptionAr: description.optional(),
    descriptionEn: description.optional(),
    priceBaisa: folioAmount(),
    department: z.enum(FOLIO_DEPARTMENTS, { error: 'folio_department_invalid' }),
    fromRoomType: roomTypeCode.nullish(),
    toRoomType: roomTypeCode.nullish(),
    instant: z.boolean({ error: 'validation_failed' }),
    dailyCap: wholeNumber('extra_cap_invalid')
      .pipe(z.number().min(1, 'extra_cap_invalid').max(EXTRA_RULES.maxDailyCap, 'extra_cap_invalid'))
      .nullish(),
    tiers: z
      .array(extraTierSchema, { error: 'extra_tiers_invalid' })
      .max(EXTRA_RULES.maxTiers, 'extra_tiers_invalid')
      .optional(),
    ratePlans: z
      .array(planCode, { error: 'extra_rate_plan_unknown' })
      .max(EXTRA_RULES.maxCodes, 'extra_rate_plan_unknown')
      .optional(),
    roomTypes: z
      .array(roomTypeCode, { error: 'extra_room_type_unknown' })
      .max(EXTRA_RULES.maxCodes, 'extra_room_type_unknown')
      .optional(),
    active: z.boolean({ error: 'validation_failed' }).default(true),
  })
  .superRefine((e, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (e.kind === 'upgrade') {
      if (!e.fromRoomType) issue('fromRoomType', 'extra_upgrade_types_required');
      if (!e.toRoomType) issue('toRoomType', 'extra_upgrade_types_required');
      if (e.fromRoomType && e.fromRoomType === e.toRoomType) issue('toRoomType', 'extra_upgrade_same_type');
    } else {
      if (e.fromRoomType) issue('fromRoomType', 'extra_room_types_upgrade_only');
      if (e.toRoomType) issue('toRoomType', 'extra_room_types_upgrade_only');
    }
    if (!isTimedKind(e.kind)) {
      if (e.dailyCap != null) issue('dailyCap', 'extra_cap_timed_only');
      if (e.tiers && e.tiers.length > 0) issue('tiers', 'extra_tiers_timed_only');
    }
    if (e.tiers) {
      const times = e.tiers.map((t) => t.time);
      if (new Set(times).size !== times.length) issue('tiers', 'extra_tier_duplicate');
    }
  });
export type ExtraInput = z.infer<typeof extraSchema>;

/** A flight number as printed on a ticket ("WY 102", "EK0864"): letters and digits, upper-cased. */
const flightNumber = z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).trim().toUpperCase().replace(/\s+/g, ' ') : v),
  z
    .string({ error: 'extra_flight_required' })
    .regex(/^[A-Z0-9]{2,3} ?\d{1,5}[A-Z]?$/, 'extra_flight_invalid'),
);

/** What a purchase says beyond its quantity: the hour (early, late, a transfer's flight), the flight, a note. */
export const extraDetailsSchema = z.object({
  time: extraTimeSchema.optional(),
  flightNumber: flightNumber.optional(),
  note: z
    .multilineString({ error: 'text_too_long' })
    .trim()
    .max(EXTRA_RULES.noteMax, 'text_too_long')
    .optional(),
});
export type ExtraDetails = z.infer<typeof extraDetailsSchema>;

/**
 * POST /api/booking-submissions/:id/extras (with an `Idempotency-Key`): the offer bought, how many
 * (persons for breakfast, cars for a transfer; an upgrade, an early check-in and a late check-out
 * are one), its details, and where the guest came from (the app, or the WhatsApp message's link;
 * staff selling at the desk are the desk whatever they say).
 */
export const extraPurchaseSchema = z.object({
  extraId: wholeNumber('extra_not_found').pipe(z.number().min(1, 'extra_not_found')),
  quantity: wholeNumber('extra_quantity_invalid')
    .pipe(z.number().min(1, 'extra_quantity_invalid').max(EXTRA_RULES.maxQuantity, 'extra_quantity_invalid'))
    .optional(),
  details: extraDetailsSchema.optional(),
  channel: z.enum(['app', 'whatsapp'], { error: 'validation_failed' }).optional(),
});
export type ExtraPurchaseInput = z.infer<typeof extraPurchaseSchema>;

/** GET /api/booking-submissions/:id/extras?via=whatsapp: the WhatsApp message's link says so. */
export const stayExtrasQuerySchema = z.object({
  via: z.enum(['app', 'whatsapp'], { error: 'validation_failed' }).optional(),
});

/** POST /api/admin/extra-purchases/:id/decline: why (the guest reads it). */
export const extraDeclineSchema = z.object({
  reason: z
    .multilineString({ error: 'extra_decline_reason_required' })
    .trim()
    .min(1, 'extra_decline_reason_required')
    .max(EXTRA_RULES.declineReasonMax, 'text_too_long'),
});

/** GET /api/admin/reports/extras?from&to: the offers made, bought and declined in a range of days. */
export const extrasReportQuerySchema = z.object({
  from: z.string({ error: 'invalid_date' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date'),
  to: z.string({ error: 'invalid_date' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date'),
  format: z.enum(['json', 'csv'], { error: 'validation_failed' }).optional(),
});

/** An offer's price for a stay: what one unit costs, how many, the total; or why it cannot be had. */
export type ExtraPrice =
  | { ok: true; quantity: number; unitPriceBaisa: number; totalBaisa: number; time: string | null }
  | { ok: false; code: string; field?: string };

/** What pricing needs of an offer. */
export type PricedExtra = { kind: ExtraKind; priceBaisa: number; tiers: readonly ExtraTier[] };

/**
 * The price of an offer for a stay of `nights` nights and `guests` guests, as bought with `input`
 * (pure: the server charges this, the app shows the same): an upgrade a night for every night,
 * breakfast a person a night (its persons the stay's guests unless said), a transfer per car (a
 * flight number and its time needed), an early check-in or late check-out at the tier of the hour
 * chosen (the earliest tier of an early check-in, the latest of a late one, unless said).
 *
 * @example extraPrice({ kind: 'upgrade', priceBaisa: 8_000, tiers: [] }, { nights: 3, guests: 2 }, {})
 *   // { ok: true, quantity: 3, unitPriceBaisa: 8000, totalBaisa: 24000, time: null }
 */
export function extraPrice(
  extra: PricedExtra,
  stay: { nights: number; guests: number },
  input: { quantity?: number; details?: ExtraDetails },
): ExtraPrice {
  const time = input.details?.time ?? null;
  switch (extra.kind) {
    case 'upgrade':
      return {
        ok: true,
        quantity: stay.nights,
        unitPriceBaisa: extra.priceBaisa,
        totalBaisa: extra.priceBaisa * stay.nights,
        time: null,
      };
    case 'breakfast': {
      const persons = input.quantity ?? stay.guests;
      const unit = extra.priceBaisa * stay.nights;
      return { ok: true, quantity: persons, unitPriceBaisa: unit, totalBaisa: unit * persons, time: null };
    }
    case 'transfer': {
      if (input.details?.flightNumber === undefined)
        return { ok: false, code: 'extra_flight_required', field: 'flightNumber' };
      if (time === null) return { ok: false, code: 'extra_time_required', field: 'time' };
      const cars = input.quantity ?? 1;
      return {
        ok: true,
        quantity: cars,
        unitPriceBaisa: extra.priceBaisa,
        totalBaisa: extra.priceBaisa * cars,
        time,
      };
    }
    case 'early_check_in':
    case 'late_check_out': {
      if (extra.tiers.length === 0) {
        return {
          ok: true,
          quantity: 1,
          unitPriceBaisa: extra.priceBaisa,
          totalBaisa: extra.priceBaisa,
          time,
        };
      }
      const ordered = [...extra.tiers].sort((a, b) => a.time.localeCompare(b.time));
      const fallback = extra.kind === 'early_check_in' ? ordered[0]! : ordered[ordered.length - 1]!;
      const tier = time === null ? fallback : ordered.find((t) => t.time === time);
      if (!tier) return { ok: false, code: 'extra_time_not_offered', field: 'time' };
      return {
        ok: true,
        quantity: 1,
        unitPriceBaisa: tier.priceBaisa,
        totalBaisa: tier.priceBaisa,
        time: tier.time,
      };
    }
    default: {
      const items = input.quantity ?? 1;
      return {
        ok: true,
        quantity: items,
        unitPriceBaisa: extra.priceBaisa,
        totalBaisa: extra.priceBaisa * items,
        time,
      };
    }
  }
}

/** The folio department an offer of `kind` posts to by default (the admin form's first choice). */
export const DEFAULT_DEPARTMENT: Record<ExtraKind, FolioDepartment> = {
  upgrade: 'room',
  early_check_in: 'room',
  late_check_out: 'late_checkout',
  breakfast: 'breakfast',
  transfer: 'transfer',
  other: 'other',
};

/** A photo of an offer as pages show it (one, in R2, served at /api/extras/photos/…). */
export type ExtraPhoto = { src: string; width: number; height: number; placeholder: string };

/** An offer as a stay's page lists it: what it is, its price for this stay, whether it can be had. */
export type StayExtraOffer = {
  id: number;
  kind: ExtraKind;
  nameAr: string;
  nameEn: string;
  descriptionAr: string;
  descriptionEn: string;
  /** The offer's price per its unit (for tiers: the dearest). */
  priceBaisa: number;
  unit: ExtraUnit;
  /** Its price for this stay as first offered (breakfast for the stay's guests, the default tier). */
  totalBaisa: number;
  tiers: ExtraTier[];
  instant: boolean;
  fromRoomType: string | null;
  toRoomType: string | null;
  photo: ExtraPhoto | null;
  available: boolean;
  /** Why not: the code, and its sentence in the request's language. */
  reason?: string;
  reasonMessage?: string;
};

/** A purchase as its stay's guest and the desk read it. */
export type ExtraPurchaseView = {
  id: number;
  bookingId: number;
  extraId: number;
  kind: ExtraKind;
  nameAr: string;
  nameEn: string;
  status: ExtraPurchaseStatus;
  channel: ExtraChannel;
  quantity: number;
  unitPriceBaisa: number;
  totalBaisa: number;
  /** The day it is for: the arrival (the departure for a late check-out). */
  serviceDate: string;
  /** The hour (an early check-in, a late check-out, a transfer's flight). */
  time: string | null;
  flightNumber: string | null;
  note: string | null;
  fromRoomType: string | null;
  toRoomType: string | null;
  /** Paid online: the plan takes a deposit, so the guest may pay it at the provider. */
  payOnline: boolean;
  declineReason: string | null;
  createdAt: string;
  decidedAt: string | null;
};

import { z } from './zod';
import { wholeNumber } from './date-schemas';
import { toLatinDigits } from './digits';
import { EXTRA_DEPARTMENTS, FOLIO_LIMITS, type TaxAmount } from './folio';
import { approvalCodeSchema, folioAmount } from './folio-schemas';
import type { FolioDepartment } from './taxes';
import { ORDER_RULES } from './outlet-orders';

/**
 * The hotel's outlets (docs/decisions/090-outlets.md): a restaurant, a café, a spa, the minibar …
 * each with its items, opening hours and staff; the checks a waiter rings up on the outlet's tablet
 * (settled to a room or paid at the outlet), and the charges an outside point-of-sale system posts
 * with an outlet's key. Amounts are integer baisa.
 */

export const OUTLET_KINDS = ['restaurant', 'cafe', 'spa', 'laundry', 'minibar', 'pool_bar', 'other'] as const;
export type OutletKind = (typeof OUTLET_KINDS)[number];

/** How a check is settled: to an in-house guest's room (the folio), or paid at the outlet. */
export const CHECK_SETTLEMENTS = ['room', 'paid'] as const;
export type CheckSettlement = (typeof CHECK_SETTLEMENTS)[number];

/** How a check is paid at the outlet. */
export const OUTLET_PAYMENT_METHODS = ['cash', 'card'] as const;
export type OutletPaymentMethod = (typeof OUTLET_PAYMENT_METHODS)[number];

/** Who rang a check up: the outlet's tablet, or an outside point-of-sale system with a key. */
export const CHECK_SOURCES = ['tablet', 'pos'] as const;
export type CheckSource = (typeof CHECK_SOURCES)[number];

export const OUTLET_RULES = {
  nameMax: 80,
  /** Items on one outlet's menu. */
  maxItems: 200,
  /** Lines on one check. */
  maxCheckLines: 40,
  maxQuantity: 99,
  /** An outside system's check number: letters, digits and - / . _ (as its till prints it). */
  checkNumberMax: 32,
  /** Keys an outlet may hold at once. */
  maxKeys: 10,
  keyLabelMax: 60,
  /**
   * What a stay may owe before the outlets stop charging its room (its folio's balance after the
   * check): a guest past it settles at the desk first.
   */
  roomCreditBaisa: 150_000,
  /** The outlets' own invoice series (gapless per calendar year, as the desk's INV). */
  invoiceSeries: 'OUT',
  /** The outlets' credit notes (a paid check voided). */
  creditNoteSeries: 'OCN',
  /** Characters of an outlet key (after its `olk_` prefix). */
  keyPrefix: 'olk_',
} as const;

/** `OUT-2026-000042`. */
export function outletDocumentNumber(series: string, year: number, sequence: number): string {
  return `${series}-${year}-${String(sequence).padStart(6, '0')}`;
}

const name = (max: number) =>
  z.string({ error: 'outlet_name_required' }).trim().min(1, 'outlet_name_required').max(max, 'text_too_long');

/** `HH:MM`, 00:00 to 23:59 (digits typed in Arabic-Indic accepted). */
const clock = z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
  z.string({ error: 'time_invalid' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time_invalid'),
);

const id = wholeNumber('invalid_id').pipe(z.number().min(1, 'invalid_id'));

/**
 * An outlet as a manager sets it up. Opening hours: a check is taken from `opensAt` until
 * `closesAt` (hotel time; a close before the opening is past midnight; the same time both: all day).
 */
export const outletSchema = z.object({
  nameAr: name(OUTLET_RULES.nameMax),
  nameEn: name(OUTLET_RULES.nameMax),
  kind: z.enum(OUTLET_KINDS, { error: 'outlet_kind_invalid' }),
  opensAt: clock,
  closesAt: clock,
  active: z.boolean({ error: 'validation_failed' }).optional(),
  /** The accounts (outlet staff, or any hotel staff) who may ring up its checks. */
  staffIds: z.array(id, { error: 'outlet_staff_invalid' }).max(50, 'outlet_staff_invalid').optional(),
  /** Whether guests in house order from it in the app (decision 102); unchanged when left out. */
  appOrders: z.boolean({ error: 'validation_failed' }).optional(),
  /** Treatments it gives at once (its therapists): a time is taken once this many overlap it. */
  slotCapacity: wholeNumber('outlet_capacity_invalid')
    .pipe(
      z.number().min(1, 'outlet_capacity_invalid').max(ORDER_RULES.capacityMax, 'outlet_capacity_invalid'),
    )
    .optional(),
});
export type OutletInput = z.infer<typeof outletSchema>;

/** An item on an outlet's menu: its names, price (what the guest pays) and tax department. */
export const outletItemSchema = z.object({
  nameAr: name(OUTLET_RULES.nameMax),
  nameEn: name(OUTLET_RULES.nameMax),
  priceBaisa: folioAmount(),
  department: z.enum(EXTRA_DEPARTMENTS, { error: 'folio_department_invalid' }),
  active: z.boolean({ error: 'validation_failed' }).optional(),
  /** Whether guests order it in the app (decision 102; default yes where its outlet takes app orders). */
  appOrderable: z.boolean({ error: 'validation_failed' }).optional(),
  /** A treatment's length in minutes: the guest books it at a time, and it holds one place that long. */
  durationMinutes: wholeNumber('outlet_duration_invalid')
    .pipe(
      z
        .number()
        .min(ORDER_RULES.durationMin, 'outlet_duration_invalid')
        .max(ORDER_RULES.durationMax, 'outlet_duration_invalid'),
    )
    .nullable()
    .optional(),
});
export type OutletItemInput = z.infer<typeof outletItemSchema>;

/** A new key for an outside point-of-sale system: a label to tell it apart. */
export const outletKeySchema = z.object({
  label: z
    .string({ error: 'outlet_name_required' })
    .trim()
    .min(1, 'outlet_name_required')
    .max(OUTLET_RULES.keyLabelMax, 'text_too_long'),
});

const quantity = wholeNumber('folio_quantity_invalid').pipe(
  z.number().min(1, 'folio_quantity_invalid').max(OUTLET_RULES.maxQuantity, 'folio_quantity_invalid'),
);

/** A room number as typed (Arabic-Indic digits become Latin). */
const roomNumber = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? toLatinDigits(v).trim() : v),
  z.string({ error: 'room_number_required' }).min(1, 'room_number_required').max(16, 'room_number_invalid'),
);

/** The guest's surname as the waiter (or the outside system) read it: compared, never stored. */
const surname = z
  .string({ error: 'guest_surname_required' })
  .trim()
  .min(1, 'guest_surname_required')
  .max(FOLIO_LIMITS.maxDescription, 'text_too_long');

const roomSettlement = z.object({ kind: z.literal('room'), roomNumber, guestSurname: surname });
const paidSettlement = z
  .object({
    kind: z.literal('paid'),
    method: z.enum(OUTLET_PAYMENT_METHODS, { error: 'payment_method_invalid' }),
    approvalCode: approvalCodeSchema.optional(),
  })
  .refine((p) => p.approvalCode === undefined || p.method === 'card', {
    message: 'approval_code_card_only',
    path: ['approvalCode'],
  });

/** POST /api/outlets/:id/checks: the items tapped, and how the check is settled. */
export const outletCheckSchema = z.object({
  items: z
    .array(z.object({ itemId: id, quantity }), { error: 'outlet_items_required' })
    .min(1, 'outlet_items_required')
    .max(OUTLET_RULES.maxCheckLines, 'outlet_items_required'),
  settle: z.discriminatedUnion('kind', [roomSettlement, paidSettlement], {
    error: 'outlet_settlement_invalid',
  }),
});
export type OutletCheckInput = z.infer<typeof outletCheckSchema>;

/** POST /api/outlets/checks/:id/void. */
export const outletVoidSchema = z.object({
  reason: z
    .multilineString({ error: 'folio_reason_required' })
    .trim()
    .min(1, 'folio_reason_required')
    .max(FOLIO_LIMITS.maxReason, 'folio_text_too_long'),
});

/**
 * POST /api/pos/charges (an outside point-of-sale system, with an outlet's key): the room (by its
 * number or the booking's id), the guest's surname to compare, the check's lines as the till priced
 * them, and the till's check number.
 */
export const posChargeSchema = z
  .object({
    roomNumber: roomNumber.optional(),
    bookingId: id.optional(),
    guestSurname: surname,
    items: z
      .array(
        z.object({
          name: z
            .string({ error: 'folio_description_required' })
            .trim()
            .min(1, 'folio_description_required')
            .max(OUTLET_RULES.nameMax, 'text_too_long'),
          quantity,
          /** The line's amount (quantity × unit price), as the till charges it. */
          amountBaisa: folioAmount(),
          department: z.enum(EXTRA_DEPARTMENTS, { error: 'folio_department_invalid' }),
        }),
        { error: 'outlet_items_required' },
      )
      .min(1, 'outlet_items_required')
      .max(OUTLET_RULES.maxCheckLines, 'outlet_items_required'),
    checkNumber: z.preprocess(
      (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? toLatinDigits(v).trim() : v),
      z
        .string({ error: 'check_number_invalid' })
        .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'check_number_invalid')
        .max(OUTLET_RULES.checkNumberMax, 'check_number_invalid'),
    ),
  })
  .refine((b) => (b.roomNumber === undefined) !== (b.bookingId === undefined), {
    message: 'room_or_booking_required',
    path: ['roomNumber'],
  });
export type PosChargeInput = z.infer<typeof posChargeSchema>;

/** A check's line as kept: what was sold, its price and its split. */
export type CheckLine = {
  itemId: number | null;
  nameAr: string;
  nameEn: string;
  quantity: number;
  department: FolioDepartment;
  amountBaisa: number;
  netBaisa: number;
  taxes: TaxAmount[];
};

/** An outlet's figures for a business date (the day close and the flash report). */
export type OutletDayFigures = {
  outletId: number;
  nameAr: string;
  nameEn: string;
  /** Checks of the day (voided ones included: their voids are in `voidedBaisa`). */
  checks: number;
  /** Net revenue (without taxes): the day's checks less the day's voids. */
  revenueBaisa: number;
  /** Each tax on the day's checks less the day's voids. */
  taxesBaisa: Record<string, number>;
  /** With taxes: to rooms and paid at the outlet. */
  toRoomsBaisa: number;
  paidBaisa: number;
  /** What was paid at the outlet by method (`cash`, `card`), less the day's voids: `paidBaisa` split. */
  paymentsBaisa: Record<string, number>;
  voidedBaisa: number;
};

/** The hotel's time of day (`HH:MM`, Asia/Muscat) at `now`. */
export function hotelClock(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Muscat',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(now);
}

/**
 * Whether an outlet with these hours takes checks at `clock` (`HH:MM`): from the opening until the
 * close, a close before the opening is past midnight, the same time both is all day.
 *
 * @example isOpenAt('22:00', '02:00', '01:30') // true: open past midnight
 */
export function isOpenAt(opensAt: string, closesAt: string, clock: string): boolean {
  if (opensAt === closesAt) return true;
  if (opensAt < closesAt) return clock >= opensAt && clock < closesAt;
  return clock >= opensAt || clock < closesAt;
}

/** One folded form of a name for comparing (case, accents, Arabic letter forms, punctuation). */
const folded = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The surname an outlet shows to compare: the last word of the guest's name. */
export function surnameOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/u);
  return words[words.length - 1] ?? '';
}

/**
 * Whether `surname` (as a waiter or a till typed it) is the guest's: the last word or words of the
 * full name, whatever the case, accents, hyphens or Arabic letter forms ("al-busaidi" is
 * "Ahmed Al Busaidi"'s).
 */
export function surnameMatches(fullName: string, surname: string): boolean {
  const name = folded(fullName);
  const given = folded(surname);
  if (given === '') return false;
  return name === given || name.endsWith(` ${given}`);
}

import { z } from './zod';
import { isCalendarDate, wholeNumber } from './date-schemas';
import { toLatinDigits } from './digits';
import type { FolioDepartment } from './taxes';

/**
 * Orders a guest in house sends from the app to an outlet (docs/decisions/102-outlet-orders.md):
 * room service, the café, the spa's treatments at a time, the laundry. An order is `sent` to the
 * outlet's tablet; the outlet accepts it (it becomes a check to the room, posted to the folio once)
 * or refuses it with a reason the guest reads in their language; the guest may cancel it while it
 * is still `sent`. Amounts are integer baisa.
 */

export const ORDER_STATUSES = ['sent', 'accepted', 'refused', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Why an outlet refuses an order: each has its sentence in both languages (the guest's own). */
export const ORDER_REFUSAL_REASONS = ['unavailable', 'fully_booked', 'closing', 'too_busy', 'other'] as const;
export type OrderRefusalReason = (typeof ORDER_REFUSAL_REASONS)[number];

export const ORDER_RULES = {
  /** Lines on one order. */
  maxLines: 20,
  maxQuantity: 20,
  /** The guest's note to the outlet (allergies, "no sugar", where to leave it). */
  noteMax: 300,
  /** The outlet's note with a refusal. */
  refusalNoteMax: 300,
  /** Orders of one stay waiting for their outlet at once (more: 429 `too_many_orders`). */
  openMax: 10,
  /** A treatment's length, in minutes. */
  durationMin: 5,
  durationMax: 480,
  /** Treatments an outlet gives at once (its therapists, its rooms). */
  capacityMax: 50,
  /** The times a guest is offered and a taken time's next free ones: every half hour. */
  slotStepMinutes: 30,
  /** Next free times a refusal names. */
  nextTimesShown: 3,
  /** How many days ahead a treatment may be booked (and never past the stay's check-out day). */
  daysAhead: 7,
} as const;

const id = wholeNumber('invalid_id').pipe(z.number().min(1, 'invalid_id'));

const quantity = wholeNumber('folio_quantity_invalid').pipe(
  z.number().min(1, 'folio_quantity_invalid').max(ORDER_RULES.maxQuantity, 'folio_quantity_invalid'),
);

/** `HH:MM` (today, hotel time) or `YYYY-MM-DDTHH:MM` (hotel time); Arabic-Indic digits accepted. */
const ORDER_TIME = /^(?:(\d{4}-\d{2}-\d{2})T)?([01]\d|2[0-3]):([0-5]\d)$/;

/** A wished time split into its hotel date (null: today) and clock. */
export function parseOrderTime(value: string): { date: string | null; clock: string } | null {
  const match = ORDER_TIME.exec(value);
  if (!match) return null;
  const [, date, hh, mm] = match;
  if (date !== undefined && !isCalendarDate(date)) return null;
  return { date: date ?? null, clock: `${hh}:${mm}` };
}

/** POST /api/stays/:id/orders: the outlet, what is ordered, a note, and a time (a treatment's, or when to bring it). */
export const stayOrderSchema = z.object({
  outletId: id,
  items: z
    .array(z.object({ itemId: id, quantity }), { error: 'outlet_items_required' })
    .min(1, 'outlet_items_required')
    .max(ORDER_RULES.maxLines, 'outlet_items_required'),
  note: z
    .multilineString({ error: 'text_too_long' })
    .trim()
    .max(ORDER_RULES.noteMax, 'text_too_long')
    .optional(),
  time: z
    .preprocess(
      (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
      z
        .string({ error: 'order_time_invalid' })
        .refine((v) => parseOrderTime(v) !== null, 'order_time_invalid'),
    )
    .optional(),
});
export type StayOrderInput = z.infer<typeof stayOrderSchema>;

/** POST /api/outlets/orders/:id/refuse: the reason (the guest reads it in their language) and a note. */
export const orderRefusalSchema = z.object({
  reason: z.enum(ORDER_REFUSAL_REASONS, { error: 'order_reason_invalid' }),
  note: z
    .multilineString({ error: 'text_too_long' })
    .trim()
    .max(ORDER_RULES.refusalNoteMax, 'text_too_long')
    .optional(),
});
export type OrderRefusalInput = z.infer<typeof orderRefusalSchema>;

/** An order's line as kept: what was ordered, at its price then. */
export type OrderLine = {
  itemId: number;
  nameAr: string;
  nameEn: string;
  quantity: number;
  /** The line's amount with taxes (quantity × the item's price when ordered). */
  amountBaisa: number;
  /** The folio department whose taxes it bears (the item's). */
  department: FolioDepartment;
  /** A treatment's length (null: not a treatment). */
  durationMinutes: number | null;
};

/** `YYYY-MM-DDTHH:MM` in the hotel's time of an instant (an order's time as the API answers it). */
export function hotelLocalTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Muscat',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

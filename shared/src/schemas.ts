import { z } from './zod';
import { BED_TYPES, SMOKING_TYPES } from './constants';
import { calendarDate, wholeNumber } from './date-schemas';
import { toLatinDigits } from './digits';

/**
 * Request schemas shared by the worker (which validates everything) and the
 * web app (which validates early for a better experience). Messages are
 * message codes; each side turns a code into Arabic or English text.
 */

export const bedTypeSchema = z.enum(BED_TYPES, { error: 'bed_type_required' });
export const smokingTypeSchema = z.enum(SMOKING_TYPES, { error: 'smoking_required' });

const isoDate = calendarDate();

/**
 * Optional stay window for the inventory calls: availability is counted on
 * the busiest night of [from, to). Without it, tonight.
 */
export const inventoryQuerySchema = z
  // all=1: a retired room type's rows too (the staff's inventory screen); left out otherwise.
  .object({ from: isoDate.optional(), to: isoDate.optional(), all: z.enum(['0', '1']).optional() })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'from_and_to_together' })
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, {
    message: 'to_after_from',
  });
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;

/**
 * Staff inventory counters: a whole number, never below 0 (the cap is checked
 * by the server against the row's max_capacity). Arabic-Indic digits accepted.
 */
const count = wholeNumber('inventory_negative');
export const roomInventoryUpdateSchema = z.object({ availableCount: count });
export const splitInventoryUpdateSchema = z
  .object({ totalCount: count.optional(), availableCount: count.optional() })
  .refine((b) => b.totalCount !== undefined || b.availableCount !== undefined, {
    message: 'inventory_negative',
    path: ['totalCount'],
  });

/** Digits typed in Arabic-Indic become Latin, and outer spaces go, before any check. */
export const latinTrimmed = (v: unknown) => (typeof v === 'string' ? toLatinDigits(v).trim() : v);

/**
 * A phone number as people type it: 8 to 15 digits, spaces, dashes and a
 * leading + allowed, Arabic-Indic digits accepted. Compare phones only after
 * `normalizePhone`.
 */
export const phoneNumberSchema = z.preprocess(
  latinTrimmed,
  z
    .string({ error: 'phone_required' })
    .min(1, 'phone_required')
    .regex(/^\+?[\d\s-]+$/, 'phone_invalid')
    .refine((v) => v.replace(/\D/g, '').length >= 8, 'phone_invalid')
    .refine((v) => v.replace(/\D/g, '').length <= 15, 'phone_invalid'),
);

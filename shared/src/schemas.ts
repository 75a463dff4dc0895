import { z } from 'zod';
import { BED_TYPES, ROOM_TYPES, SMOKING_TYPES } from './constants';
import { ISO_DATE } from './dates';
import { toLatinDigits } from './digits';

/**
 * Request schemas shared by the worker (which validates everything) and the
 * web app (which validates early for a better experience). Messages are
 * message codes; each side turns a code into Arabic or English text.
 */

export const roomTypeSchema = z.enum(ROOM_TYPES, { error: 'invalid_room_type' });
export const bedTypeSchema = z.enum(BED_TYPES, { error: 'bed_type_required' });
export const smokingTypeSchema = z.enum(SMOKING_TYPES, { error: 'smoking_required' });

const isoDate = z.string().regex(ISO_DATE, 'invalid_date');

/**
 * Optional stay window for the inventory calls: availability is counted on
 * the busiest night of [from, to). Without it, tonight.
 */
export const inventoryQuerySchema = z
  .object({ from: isoDate.optional(), to: isoDate.optional() })
  .refine((q) => (q.from === undefined) === (q.to === undefined), { message: 'from_and_to_together' })
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, {
    message: 'to_after_from',
  });
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;

/**
 * Staff inventory counters: a whole number, never below 0 (the cap is checked
 * by the server against the row's max_capacity). Arabic-Indic digits accepted.
 */
const count = z.preprocess(
  (v) => (typeof v === 'string' ? toLatinDigits(v).trim() : v),
  z.coerce.number({ error: 'inventory_negative' }).int('inventory_negative').min(0, 'inventory_negative'),
);
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

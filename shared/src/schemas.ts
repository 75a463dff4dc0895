import { z } from 'zod';
import { BED_TYPES, ROOM_TYPES, SMOKING_TYPES } from './constants';

/**
 * Request schemas shared by the worker (which validates everything) and the
 * web app (which validates early for a better experience). Messages are
 * message codes; each side turns a code into Arabic or English text.
 */

export const roomTypeSchema = z.enum(ROOM_TYPES);
export const bedTypeSchema = z.enum(BED_TYPES);
export const smokingTypeSchema = z.enum(SMOKING_TYPES);

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid_date');

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

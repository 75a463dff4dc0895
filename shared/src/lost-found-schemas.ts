import { z } from './zod';
import { calendarDate, idSchema, wholeNumber } from './date-schemas';

/**
 * Lost and found (docs/decisions/092-work-orders-and-lost-and-found.md): an item found in the
 * hotel, matched to the stay that had its room, the guest told, handed back or disposed of after
 * the hotel's keeping period. Request bodies and queries of `/api/admin/lost-found`.
 */
export const LOST_FOUND_RULES = {
  descriptionMax: 500,
  placeMax: 100,
  contactNameMax: 100,
  noteMax: 500,
  /** The keeping period when the hotel has not set one (days). */
  defaultKeepDays: 90,
  keepDaysMax: 3650,
  /** Items per page of the list. */
  page: 30,
  /** The longest search text. */
  searchMax: 60,
} as const;

export const LOST_ITEM_STATUSES = ['held', 'returned', 'disposed'] as const;
export type LostItemStatus = (typeof LOST_ITEM_STATUSES)[number];
export const LOST_ITEM_ACTIONS = [
  'found',
  'matched',
  'unmatched',
  'notified',
  'returned',
  'disposed',
] as const;
export type LostItemAction = (typeof LOST_ITEM_ACTIONS)[number];

const text = (max: number, required: string, tooLong: string) =>
  z.multilineString({ error: required }).trim().min(1, required).max(max, tooLong);
/** A name or a place: one line. */
const line = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
const note = z
  .multilineString({ error: 'lost_item_note_too_long' })
  .trim()
  .max(LOST_FOUND_RULES.noteMax, 'lost_item_note_too_long')
  .optional();

/**
 * POST /api/admin/lost-found: an item found (today unless `foundOn` says another day, not in the
 * future), where, in which room if any, what it is. Its photo follows with PUT .../:id/photo.
 */
export const lostItemCreateSchema = z.object({
  foundOn: calendarDate().optional(),
  place: line(LOST_FOUND_RULES.placeMax, 'lost_item_place_required', 'lost_item_place_too_long'),
  roomId: wholeNumber('room_not_found').pipe(z.number().min(1, 'room_not_found')).optional(),
  description: text(
    LOST_FOUND_RULES.descriptionMax,
    'lost_item_description_required',
    'lost_item_description_too_long',
  ),
});
export type LostItemCreateInput = z.input<typeof lostItemCreateSchema>;

/** POST .../:id/match: the stay the item is matched to (one of its candidates), or none. */
export const lostItemMatchSchema = z.object({
  bookingId: wholeNumber('booking_not_found').pipe(z.number().min(1, 'booking_not_found')).nullable(),
});

/** POST .../:id/return: to whom it was handed back. */
export const lostItemReturnSchema = z.object({
  contactName: line(
    LOST_FOUND_RULES.contactNameMax,
    'lost_item_contact_required',
    'lost_item_contact_too_long',
  ),
  note,
});
export type LostItemReturnInput = z.input<typeof lostItemReturnSchema>;

/** POST .../:id/dispose: once the keeping period is over. */
export const lostItemDisposeSchema = z.object({ note });

/**
 * GET /api/admin/lost-found: the items held (default), returned, disposed of, or `due` (held past
 * their keeping period); `q` in the description or place; `roomId`; a page at a time (`before`).
 */
export const lostFoundListQuerySchema = z.object({
  status: z.enum(['due', ...LOST_ITEM_STATUSES], { error: 'validation_failed' }).default('held'),
  q: z
    .string({ error: 'validation_failed' })
    .trim()
    .max(LOST_FOUND_RULES.searchMax, 'validation_failed')
    .optional(),
  roomId: idSchema.optional(),
  before: idSchema.optional(),
});

/** PUT /api/admin/lost-found/settings: the keeping period in days. */
export const lostFoundSettingsSchema = z.object({
  keepDays: wholeNumber('keep_days_invalid').pipe(
    z.number().min(1, 'keep_days_invalid').max(LOST_FOUND_RULES.keepDaysMax, 'keep_days_invalid'),
  ),
});

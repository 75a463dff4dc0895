import { z } from './zod';
import { UNREAD_COUNT_CAP } from './constants';
import { queryCount } from './date-schemas';

/**
 * Notifications in the app: a guest's own and the staff's alerts, each read
 * a page at a time, newest first, after a keyset cursor `<createdAt ms>_<id>` of the last row
 * shown (the desk's paging, shared/src/booking-schemas.ts), so a page costs the same however long
 * the history.
 */
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_MAX = 50;

// (In constants.ts, which has no schema: the screens showing a count read it without zod; decision 087.)
export { UNREAD_COUNT_CAP };

export const notificationPageQuerySchema = z.object({
  cursor: z
    .string()
    .regex(/^\d{1,15}_\d{1,12}$/, 'invalid_cursor')
    .optional(),
  limit: queryCount(NOTIFICATION_PAGE_MAX).optional(),
});
export type NotificationPageQuery = z.infer<typeof notificationPageQuerySchema>;

/** The cursor after this row (the last one of a page). */
export const notificationCursor = (row: { createdAt: string | Date; id: number }) =>
  `${new Date(row.createdAt).getTime()}_${row.id}`;

/** What the badge shows: the count, or "99+" past the cap (the caller formats the digits). */
export function unreadOverflow(unread: number): boolean {
  return unread >= UNREAD_COUNT_CAP;
}

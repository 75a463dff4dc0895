import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { STAY_REQUEST_STATUSES, STAY_REQUEST_TYPES } from '@shared/constants';
import { createdAt, updatedAt } from '../../platform/columns';
import { bookingSubmissions } from '../bookings/tables';
import { users } from '../../platform/tables';

/**
 * A guest's request during a stay (migration 0035): towels, cleaning, a late
 * check-out (`requestedTime`, HH:MM), maintenance or anything else (`note`). Staff move it to in
 * progress and done (or decline a late check-out) with a note the guest sees.
 */
export const stayRequests = sqliteTable(
  'stay_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookingSubmissions.id, { onDelete: 'cascade' }),
    type: text('type', { enum: STAY_REQUEST_TYPES }).notNull(),
    note: text('note'),
    requestedTime: text('requested_time'),
    status: text('status', { enum: STAY_REQUEST_STATUSES }).notNull().default('new'),
    staffNote: text('staff_note'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    doneAt: integer('done_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stay_requests_booking_id_idx').on(t.bookingId, t.createdAt),
    // The staff's queue: open requests, oldest first (done ones leave the partial index).
    index('stay_requests_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('new', 'in_progress')`),
    // The requests finished today, newest first (migration 0039).
    index('stay_requests_done_at_idx')
      .on(t.doneAt)
      .where(sql`${t.doneAt} is not null`),
    index('stay_requests_handled_by_idx')
      .on(t.handledBy)
      .where(sql`${t.handledBy} is not null`),
    check(
      'stay_requests_type_check',
      sql`${t.type} in ('towels', 'cleaning', 'late_checkout', 'maintenance', 'other')`,
    ),
    check('stay_requests_status_check', sql`${t.status} in ('new', 'in_progress', 'done', 'declined')`),
  ],
);
export type StayRequest = typeof stayRequests.$inferSelect;

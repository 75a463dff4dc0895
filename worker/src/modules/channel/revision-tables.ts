import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { nowMs } from '../../platform/columns';
import { bookingSubmissions } from '../bookings/tables';

export const REVISION_OUTCOMES = ['applied', 'overbooked', 'unmapped', 'ignored'] as const;
export type RevisionOutcome = (typeof REVISION_OUTCOMES)[number];

/**
 * Each booking revision read from the channel manager, once (migration 0070): its id is the key,
 * so one revision arriving by the webhook and the feed at once is applied by whichever batch
 * inserts its row first; the other batch fails on the key and changes nothing.
 */
export const channelRevisions = sqliteTable(
  'channel_revisions',
  {
    id: text('id').primaryKey(),
    channelBookingId: text('channel_booking_id').notNull(),
    status: text('status', { enum: ['new', 'modified', 'cancelled'] }).notNull(),
    otaName: text('ota_name').notNull(),
    otaReservationCode: text('ota_reservation_code').notNull(),
    // The booking it made or changed.
    bookingId: integer('booking_id').references(() => bookingSubmissions.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: REVISION_OUTCOMES }).notNull(),
    via: text('via', { enum: ['webhook', 'feed'] }).notNull(),
    body: text('body').notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    // The revision's own time at the provider (ms; migration 0075): an older `modified` than one
    // applied to its channel booking is refused by a trigger and kept 'ignored'.
    revisedAt: integer('revised_at'),
    ackedAt: integer('acked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('channel_revisions_received_idx').on(t.receivedAt),
    index('channel_revisions_channel_booking_idx').on(t.channelBookingId, t.revisedAt),
    index('channel_revisions_booking_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
    index('channel_revisions_unacked_idx')
      .on(t.receivedAt)
      .where(sql`${t.ackedAt} is null`),
    check('channel_revisions_status_check', sql`${t.status} IN ('new', 'modified', 'cancelled')`),
    check(
      'channel_revisions_outcome_check',
      sql`${t.outcome} IN ('applied', 'overbooked', 'unmapped', 'ignored')`,
    ),
    check('channel_revisions_via_check', sql`${t.via} IN ('webhook', 'feed')`),
  ],
);

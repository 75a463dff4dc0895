import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { nowMs } from '../../platform/columns';
import { bookingSubmissions } from '../bookings/tables';

/**
 * What became of a revision (migration 0083): `applied`; kept flagged (a flag of CHANNEL_FLAGS, the
 * most pressing of its rooms'; `rooms_unmatched`, migration 0101: its rooms could not be told
 * apart, and its stays were left as they were, flagged for the desk); `ignored` (nothing to do: a `new` of a booking made already, a
 * cancellation of one never made, a change of a stay in house or closed, left to staff); `stale`
 * (it came after a newer revision of its booking, or after its cancellation: the newer state stands).
 */
export const REVISION_OUTCOMES = [
  'applied',
  'overbooked',
  'unmapped',
  'over_occupancy',
  'not_sellable',
  'currency_mismatch',
  'rooms_unmatched',
  'ignored',
  'stale',
] as const;
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
    // The revision's own time at the provider (ms; migration 0075): an older `new` or `modified`
    // than one applied to its channel booking is refused by a trigger and kept 'stale' (0083).
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
      sql`${t.outcome} IN ('applied', 'overbooked', 'unmapped', 'over_occupancy', 'not_sellable', 'currency_mismatch', 'rooms_unmatched', 'ignored', 'stale')`,
    ),
    check('channel_revisions_via_check', sql`${t.via} IN ('webhook', 'feed')`),
  ],
);

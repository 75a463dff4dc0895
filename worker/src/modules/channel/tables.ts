import { sql } from 'drizzle-orm';
import { check, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { nowMs } from '../../platform/columns';

/**
 * The room types and rate plans as the channel manager names them (migration 0069). `ratePlan`
 * is '' for the room type's own channel id, else a plan's code (the channel's rate plan of that
 * type). With the fake, a type or plan without a row is mapped to its own code.
 */
export const channelMappings = sqliteTable(
  'channel_mappings',
  {
    roomType: text('room_type').notNull(),
    ratePlan: text('rate_plan').notNull().default(''),
    channelId: text('channel_id').notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [
    primaryKey({ columns: [t.roomType, t.ratePlan] }),
    check('channel_mappings_channel_id_check', sql`length(${t.channelId}) BETWEEN 1 AND 100`),
  ],
);

export const OUTBOX_KINDS = ['availability', 'restrictions'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * What the channel manager must be told again, written by triggers in the same statement as the
 * change (migration 0069): one row per kind, room type and night (`*`: every type / every night
 * of the horizon); `version` grows with each change, and the sender deletes only what it sent.
 */
export const channelOutbox = sqliteTable(
  'channel_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    roomType: text('room_type').notNull(),
    night: text('night').notNull(),
    version: integer('version').notNull().default(1),
    changedAt: integer('changed_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [
    uniqueIndex('channel_outbox_key_idx').on(t.kind, t.roomType, t.night),
    check('channel_outbox_kind_check', sql`${t.kind} IN ('availability', 'restrictions')`),
  ],
);

/**
 * A failure kept for staff: when, the provider's or our words, and a code the screen words in both
 * languages (`rate_limited`, `provider_down`, `unreachable`, `unauthorized`, `refused`, `internal`).
 */
export type ChannelError = { at: number; message: string; code?: string };

/** The link's one row (id 1): on/off, last push and pull, the sender's lease, backoff and call log, errors. */
export const channelState = sqliteTable(
  'channel_state',
  {
    id: integer('id').primaryKey(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    lastPushAt: integer('last_push_at'),
    lastPullAt: integer('last_pull_at'),
    leaseUntil: integer('lease_until').notNull().default(0),
    leaseOwner: text('lease_owner'),
    backoffUntil: integer('backoff_until').notNull().default(0),
    backoffAttempts: integer('backoff_attempts').notNull().default(0),
    availabilityCalls: text('availability_calls', { mode: 'json' })
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'`),
    restrictionsCalls: text('restrictions_calls', { mode: 'json' })
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'`),
    errors: text('errors', { mode: 'json' })
      .$type<ChannelError[]>()
      .notNull()
      .default(sql`'[]'`),
  },
  (t) => [check('channel_state_one_row_check', sql`${t.id} = 1`)],
);

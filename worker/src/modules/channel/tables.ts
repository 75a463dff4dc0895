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
    /**
     * A full sync (migration 0080): every night sent again, whatever Channex accepted before; a
     * row a trigger wrote sends only the nights whose value changed since (`channel_sent`).
     */
    full: integer('full', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('channel_outbox_key_idx').on(t.kind, t.roomType, t.night),
    check('channel_outbox_kind_check', sql`${t.kind} IN ('availability', 'restrictions')`),
  ],
);

/**
 * What Channex last accepted (migration 0080), per kind, channel room type, night and channel rate
 * plan ('' for availability): `value` is the sender's canonical text of the value. The sender sends
 * a night only when its value differs (or in a full sync) and removes past nights as it writes.
 */
export const channelSent = sqliteTable(
  'channel_sent',
  {
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    roomTypeId: text('room_type_id').notNull(),
    night: text('night').notNull(),
    ratePlanId: text('rate_plan_id').notNull().default(''),
    value: text('value').notNull(),
    sentAt: integer('sent_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.roomTypeId, t.night, t.ratePlanId] }),
    check('channel_sent_kind_check', sql`${t.kind} IN ('availability', 'restrictions')`),
  ],
);

/**
 * Values Channex ignored (a warning in its 200 answer), per night (migration 0080): our type and
 * plan codes for the screen, Channex's reasons (`{field: [words]}`). Gone when a later push of the
 * night is accepted; until then an error (`values_rejected`) on the channel screen.
 */
export const channelRejected = sqliteTable(
  'channel_rejected',
  {
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    roomTypeId: text('room_type_id').notNull(),
    night: text('night').notNull(),
    ratePlanId: text('rate_plan_id').notNull().default(''),
    roomType: text('room_type').notNull(),
    ratePlan: text('rate_plan').notNull().default(''),
    reasons: text('reasons', { mode: 'json' })
      .$type<Record<string, string[]>>()
      .notNull()
      .default(sql`'{}'`),
    at: integer('at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.roomTypeId, t.night, t.ratePlanId] }),
    check('channel_rejected_kind_check', sql`${t.kind} IN ('availability', 'restrictions')`),
  ],
);

export const PUSH_OUTCOMES = ['accepted', 'warned', 'failed'] as const;

/**
 * Each push, the outbox's send record (migration 0080): its values and bytes, what Channex answered
 * (`accepted`; `warned`: 200 with some values ignored; `failed` and its HTTP status), Channex's
 * `x-request-id` and the task ids of its answer (what Channex's certification asks for). The
 * latest 200 are kept.
 */
export const channelPushes = sqliteTable(
  'channel_pushes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: integer('at').notNull(),
    kind: text('kind', { enum: OUTBOX_KINDS }).notNull(),
    full: integer('full', { mode: 'boolean' }).notNull().default(false),
    valuesCount: integer('values_count').notNull(),
    bytes: integer('bytes').notNull(),
    outcome: text('outcome', { enum: PUSH_OUTCOMES }).notNull(),
    warnings: integer('warnings').notNull().default(0),
    status: integer('status'),
    requestId: text('request_id'),
    taskIds: text('task_ids', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
  },
  (t) => [
    check('channel_pushes_kind_check', sql`${t.kind} IN ('availability', 'restrictions')`),
    check('channel_pushes_outcome_check', sql`${t.outcome} IN ('accepted', 'warned', 'failed')`),
  ],
);

/**
 * A failure kept for staff: when, the provider's or our words, and a code the screen words in both
 * languages (`rate_limited`, `provider_down`, `unreachable`, `unauthorized`, `refused`, `internal`, `values_rejected`).
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

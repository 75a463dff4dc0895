import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { TASK_KINDS, TASK_STATUSES } from '@shared/housekeeping-tasks';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
import { bookingSubmissions } from '../bookings/tables';
import { hotelRooms } from '../inventory/tables';

/**
 * Housekeeping's day (migration 0089, docs/decisions/091-housekeeping-tasks.md). The tasks are
 * made and kept in step with the room nights by the database (the view `housekeeping_task_wants`
 * and the triggers on `room_nights`); this module reads them, moves them and assigns them.
 */

/** The hotel's rules, one row (id 1). */
export const housekeepingSettings = sqliteTable(
  'housekeeping_settings',
  {
    id: integer('id').primaryKey(),
    /** A stay-over is tidied every N nights of its stay (1: every night; 0: never). */
    stayOverEveryNights: integer('stay_over_every_nights').notNull().default(1),
    /** The hotel turns down its occupied rooms in the evening. */
    turndown: integer('turndown', { mode: 'boolean' }).notNull().default(false),
    departureCredits: integer('departure_credits').notNull().default(4),
    stayOverCredits: integer('stay_over_credits').notNull().default(2),
    inspectionCredits: integer('inspection_credits').notNull().default(1),
    turndownCredits: integer('turndown_credits').notNull().default(1),
    /**
     * No longer read or written: the minibar a housekeeper reports is the minibar outlet's menu
     * (decision 091, amended). Kept, empty, until a migration drops it (none was spent on it).
     */
    minibarItems: text('minibar_items', { mode: 'json' }).$type<unknown[]>().notNull().default([]),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('housekeeping_settings_updated_by_idx')
      .on(t.updatedBy)
      .where(sql`${t.updatedBy} is not null`),
    check('housekeeping_settings_one_check', sql`${t.id} = 1`),
    check(
      'housekeeping_settings_rule_check',
      sql`${t.stayOverEveryNights} BETWEEN 0 AND 14 AND ${t.turndown} IN (0, 1)`,
    ),
    check(
      'housekeeping_settings_credits_check',
      sql`${t.departureCredits} BETWEEN 0 AND 20 AND ${t.stayOverCredits} BETWEEN 0 AND 20
    AND ${t.inspectionCredits} BETWEEN 0 AND 20 AND ${t.turndownCredits} BETWEEN 0 AND 20`,
    ),
  ],
);

/** The days whose tasks are made (and so kept in step by the triggers). */
export const housekeepingDays = sqliteTable(
  'housekeeping_days',
  {
    date: text('date').primaryKey(),
    madeBy: integer('made_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('housekeeping_days_made_by_idx')
      .on(t.madeBy)
      .where(sql`${t.madeBy} is not null`),
  ],
);

export const housekeepingTasks = sqliteTable(
  'housekeeping_tasks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    date: text('date').notNull(),
    roomId: integer('room_id')
      .notNull()
      .references(() => hotelRooms.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TASK_KINDS }).notNull(),
    status: text('status', { enum: TASK_STATUSES }).notNull().default('pending'),
    credits: integer('credits').notNull(),
    /** The stay the task serves: the one leaving (departure, inspection) or staying. */
    bookingId: integer('booking_id').references(() => bookingSubmissions.id, { onDelete: 'set null' }),
    /** A stay arriving in the room that day (a rush; VIP if its guest is). */
    arrivalBookingId: integer('arrival_booking_id').references(() => bookingSubmissions.id, {
      onDelete: 'set null',
    }),
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('housekeeping_tasks_day_room_kind_idx').on(t.date, t.roomId, t.kind),
    index('housekeeping_tasks_assigned_idx')
      .on(t.assignedTo, t.date)
      .where(sql`${t.assignedTo} is not null`),
    index('housekeeping_tasks_room_id_idx').on(t.roomId),
    index('housekeeping_tasks_booking_id_idx')
      .on(t.bookingId)
      .where(sql`${t.bookingId} is not null`),
    index('housekeeping_tasks_arrival_booking_id_idx')
      .on(t.arrivalBookingId)
      .where(sql`${t.arrivalBookingId} is not null`),
    check(
      'housekeeping_tasks_kind_check',
      sql`${t.kind} IN ('departure', 'stay_over', 'inspection', 'turndown')`,
    ),
    check(
      'housekeeping_tasks_status_check',
      sql`${t.status} IN ('pending', 'in_progress', 'done', 'dnd', 'refused')`,
    ),
  ],
);
export type HousekeepingTaskRow = typeof housekeepingTasks.$inferSelect;

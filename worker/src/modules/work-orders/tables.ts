import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import {
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_ROOM_STATES,
  WORK_ORDER_STATUSES,
} from '@shared/work-order-schemas';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
import { hotelRooms, roomBlocks } from '../inventory/tables';

/**
 * A fault reported in a room or a public area (migration 0090): its note, priority and photo (R2),
 * who reported, took and closed it and what was done; what it does to its room (`roomState`) and,
 * out of order, the period it made (`blockId`, a `room_blocks` row of modules/bookings).
 */
export const workOrders = sqliteTable(
  'work_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    roomId: integer('room_id').references(() => hotelRooms.id, { onDelete: 'set null' }),
    area: text('area'),
    note: text('note').notNull(),
    priority: text('priority', { enum: WORK_ORDER_PRIORITIES }).notNull().default('normal'),
    status: text('status', { enum: WORK_ORDER_STATUSES }).notNull().default('open'),
    roomState: text('room_state', { enum: WORK_ORDER_ROOM_STATES }).notNull().default('none'),
    outOfOrderFrom: text('out_of_order_from'),
    outOfOrderTo: text('out_of_order_to'),
    blockId: integer('block_id').references(() => roomBlocks.id, { onDelete: 'set null' }),
    photoKey: text('photo_key'),
    photoType: text('photo_type'),
    photoBytes: integer('photo_bytes'),
    reportedBy: integer('reported_by').references(() => users.id, { onDelete: 'set null' }),
    takenBy: integer('taken_by').references(() => users.id, { onDelete: 'set null' }),
    takenAt: integer('taken_at', { mode: 'timestamp_ms' }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    resolution: text('resolution'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The open and taken orders (the technicians' list), and the closed ones a page at a time.
    index('work_orders_status_idx').on(t.status, t.id),
    // A room's history, newest first.
    index('work_orders_room_id_idx').on(t.roomId, t.id),
    // The rooms out of service now, which the desk's room assignment passes by.
    index('work_orders_out_of_service_idx')
      .on(t.roomId)
      .where(sql`${t.status} <> 'closed' AND ${t.roomState} = 'out_of_service'`),
    index('work_orders_block_id_idx')
      .on(t.blockId)
      .where(sql`${t.blockId} is not null`),
    index('work_orders_reported_by_idx')
      .on(t.reportedBy)
      .where(sql`${t.reportedBy} is not null`),
    index('work_orders_taken_by_idx')
      .on(t.takenBy)
      .where(sql`${t.takenBy} is not null`),
    index('work_orders_closed_by_idx')
      .on(t.closedBy)
      .where(sql`${t.closedBy} is not null`),
    check('work_orders_priority_check', sql`${t.priority} in ('low', 'normal', 'high', 'urgent')`),
    check('work_orders_status_check', sql`${t.status} in ('open', 'taken', 'closed')`),
    check('work_orders_room_state_check', sql`${t.roomState} in ('none', 'out_of_order', 'out_of_service')`),
    check('work_orders_place_check', sql`(${t.roomId} is not null) or (${t.area} is not null)`),
    check('work_orders_room_state_room_check', sql`${t.roomState} = 'none' or ${t.roomId} is not null`),
    check('work_orders_taken_check', sql`${t.status} = 'open' or ${t.takenAt} is not null`),
    check('work_orders_closed_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);
export type WorkOrder = typeof workOrders.$inferSelect;

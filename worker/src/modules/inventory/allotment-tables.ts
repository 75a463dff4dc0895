import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { BED_TYPES, SMOKING_TYPES } from '@shared/constants';
import { createdAt, updatedAt } from '../../platform/columns';

/**
 * The sellable allotment per room type, bed type and smoking type: the
 * counters staff set (never below 0, never above max_capacity). Live
 * availability for a stay is the allotment minus the per-night holds of
 * `booking_nights` on its busiest night; the API answers it as
 * `availableCount` (docs/decisions/003-schema-conventions.md).
 */
export const roomInventory = sqliteTable(
  'room_inventory',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    roomType: text('room_type').notNull(),
    totalCount: integer('total_count').notNull().default(0),
    maxCapacity: integer('max_capacity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('room_inventory_room_type_idx').on(t.roomType),
    check('room_inventory_bounds_check', sql`${t.totalCount} between 0 and ${t.maxCapacity}`),
  ],
);

export const roomBedInventory = sqliteTable(
  'room_bed_inventory',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    roomType: text('room_type').notNull(),
    bedType: text('bed_type', { enum: BED_TYPES }).notNull(),
    totalCount: integer('total_count').notNull().default(0),
    maxCapacity: integer('max_capacity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('room_bed_inventory_room_type_bed_type_idx').on(t.roomType, t.bedType),
    check('room_bed_inventory_bounds_check', sql`${t.totalCount} between 0 and ${t.maxCapacity}`),
  ],
);

export const roomSmokingInventory = sqliteTable(
  'room_smoking_inventory',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    roomType: text('room_type').notNull(),
    smokingType: text('smoking_type', { enum: SMOKING_TYPES }).notNull(),
    totalCount: integer('total_count').notNull().default(0),
    maxCapacity: integer('max_capacity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('room_smoking_inventory_room_type_smoking_type_idx').on(t.roomType, t.smokingType),
    check('room_smoking_inventory_bounds_check', sql`${t.totalCount} between 0 and ${t.maxCapacity}`),
  ],
);

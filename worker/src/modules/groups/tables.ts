import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
import { cityLedgerAccounts } from '../companies/tables';
import { ratePlans } from '../rates/tables';

/*
 * The group blocks' tables (docs/decisions/048-worker-modules.md, "The group blocks apart"). The
 * bookings' and the folio's tables below reference `group_blocks` by SQL name through stand-ins of
 * its key (bookings/upper-keys.ts, folio/upper-keys.ts), so this file is the table's one declaration.
 */

/**
 * A group block (migration 0071): rooms by type and night held out of general availability (and
 * the channel's) until its release date, for a company's delegation, a wedding or a tour. Its
 * members are bookings with `group_id`; `billing` 'master' posts their room nights to the group's
 * folio. A cancelled or released block keeps its row (`cancelled_at`, `released_at`).
 */
export const groupBlocks = sqliteTable(
  'group_blocks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    companyId: integer('company_id').references(() => cityLedgerAccounts.id),
    ratePlan: text('rate_plan')
      .notNull()
      .references(() => ratePlans.code),
    status: text('status', { enum: ['tentative', 'definite', 'cancelled'] }).notNull(),
    releaseDate: text('release_date').notNull(),
    billing: text('billing', { enum: ['master', 'individual'] })
      .notNull()
      .default('individual'),
    notes: text('notes').notNull().default(''),
    releasedAt: integer('released_at', { mode: 'timestamp_ms' }),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('group_blocks_release_idx')
      .on(t.releaseDate)
      .where(sql`${t.releasedAt} IS NULL AND ${t.cancelledAt} IS NULL`),
    check('group_blocks_status_check', sql`${t.status} IN ('tentative', 'definite', 'cancelled')`),
    check('group_blocks_billing_check', sql`${t.billing} IN ('master', 'individual')`),
    check('group_blocks_name_check', sql`length(${t.name}) BETWEEN 1 AND 120`),
  ],
);
export type GroupBlock = typeof groupBlocks.$inferSelect;

/** How many rooms of a type a block holds on a night; a release lowers `held` to what is picked up. */
export const groupBlockNights = sqliteTable(
  'group_block_nights',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groupBlocks.id),
    roomType: text('room_type').notNull(),
    night: text('night').notNull(),
    held: integer('held').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.roomType, t.night] }),
    index('group_block_nights_type_night_idx').on(t.roomType, t.night),
    check('group_block_nights_held_check', sql`${t.held} BETWEEN 0 AND 500`),
  ],
);

import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';

/** What one run of the integrity check found (modules/operations/integrity.ts); admins acknowledge it. */
export type IntegrityViolation = { check: string; detail: Record<string, unknown> };

export const integrityReports = sqliteTable(
  'integrity_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** `cron` or `admin`. */
    trigger: text('trigger').notNull(),
    violationCount: integer('violation_count').notNull(),
    violations: text('violations', { mode: 'json' }).$type<IntegrityViolation[]>().notNull().default([]),
    /** How much each check read (rows, pages, R2 objects). */
    checked: text('checked', { mode: 'json' }).$type<Record<string, number>>().notNull().default({}),
    acknowledgedAt: integer('acknowledged_at', { mode: 'timestamp_ms' }),
    acknowledgedByUserId: integer('acknowledged_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('integrity_reports_created_at_idx').on(t.createdAt),
    // An account's deletion looks up the reports it acknowledged (migration 0032).
    index('integrity_reports_acknowledged_by_user_id_idx')
      .on(t.acknowledgedByUserId)
      .where(sql`${t.acknowledgedByUserId} is not null`),
  ],
);

import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { nowMs } from '../../platform/columns';
import { users } from '../../platform/tables';

/**
 * The accountant's journal's tables (migration 0103, docs/decisions/100-the-accountants-journal.md):
 * the hotel's accounts per category, the journal's code, and each closed day's journal as kept.
 */

/** A category the hotel mapped to an account of its chart (a category without a row: the default). */
export const accountingAccounts = sqliteTable(
  'accounting_accounts',
  {
    category: text('category').primaryKey(),
    /** The account's code; empty: the hotel took the default away and has not set one. */
    account: text('account').notNull().default(''),
    name: text('name').notNull().default(''),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('accounting_accounts_updated_by_idx')
      .on(t.updatedBy)
      .where(sql`${t.updatedBy} is not null`),
  ],
);

/** The one settings row: the journal's code in the accounting system (Odoo's MISC by default). */
export const accountingSettings = sqliteTable(
  'accounting_settings',
  {
    id: integer('id').primaryKey(),
    journalCode: text('journal_code').notNull().default('MISC'),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [check('accounting_settings_single_check', sql`${t.id} = 1`)],
);

/**
 * A closed business date's journal by category (JSON, `KeptJournal` in journal-lines.ts), kept
 * once: triggers refuse one for an open day, and any change or deletion.
 */
export const accountingJournals = sqliteTable('accounting_journals', {
  date: text('date').primaryKey(),
  journal: text('journal').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
});

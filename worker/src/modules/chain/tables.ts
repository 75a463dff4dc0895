import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { nowMs } from '../../platform/columns';

/**
 * What a hotel's own database keeps for the chain (migrations/0107; docs/decisions/103): the outbox
 * its triggers fill, the keys of the points moved between hotels, and the version of the chain's
 * account each mirror was written from. The chain's own database has its schema in
 * chain-migrations/ and is read by modules/chain/chain-database.ts.
 */

/**
 * A change the chain must hear of: an account (`ref` its users.id), an account erased by its guest
 * (`ref` its e-mail: the chain's account and its other hotels' mirrors go) or a closed day (`ref` its
 * date).
 */
export const chainOutbox = sqliteTable(
  'chain_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['account', 'erased', 'closed_day'] }).notNull(),
    ref: text('ref').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [check('chain_outbox_kind_check', sql`${t.kind} IN ('account', 'erased', 'closed_day')`)],
);

/** Each side of a points transfer, written once with its ledger line (`out`, `in`, `back`, or `void`). */
export const chainTransferKeys = sqliteTable(
  'chain_transfer_keys',
  {
    key: text('key').primaryKey(),
    state: text('state', { enum: ['out', 'in', 'back', 'void'] }).notNull(),
    points: integer('points').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
  },
  (t) => [check('chain_transfer_keys_state_check', sql`${t.state} IN ('out', 'in', 'back', 'void')`)],
);

/** The chain account's version a mirror (by e-mail) was last written from. */
export const chainAccountVersions = sqliteTable('chain_account_versions', {
  email: text('email').primaryKey(),
  version: integer('version').notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
});

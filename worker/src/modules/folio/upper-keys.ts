import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';

/**
 * The tables of the modules above the folio that its tables reference, named by their SQL name and
 * their key alone (docs/decisions/048-worker-modules.md, "The group blocks apart"): modules/groups
 * imports the folio (a block's folio), so the folio's foreign keys to a block import nothing of
 * groups. Never selected from or written: a stand-in for the reference only. Not a `*tables.ts`
 * file, so the schema test compares `group_blocks` as modules/groups declares it, and this key
 * through the foreign keys that name it (`folio_lines`, `group_folios`, `invoices` and
 * `folio_roundings`' `group_id`).
 */
export const groupBlocksKey = sqliteTable('group_blocks', {
  id: integer('id').primaryKey({ autoIncrement: true }),
});

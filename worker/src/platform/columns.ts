import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

/**
 * Schema conventions (docs/decisions/003-schema-conventions.md): every
 * timestamp is an integer of Unix milliseconds (UTC) with a database default,
 * so raw SQL in batches and drizzle inserts agree; calendar dates (stays,
 * VIP cards) are YYYY-MM-DD text; money is integer baisa.
 */
export const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs);

export const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(nowMs)
    .$onUpdate(() => new Date());

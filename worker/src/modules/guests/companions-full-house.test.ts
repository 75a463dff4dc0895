import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/env';
import { companionsOf } from './companions';

describe('the companions of a full house', () => {
  it('are read for more stays than D1 binds values (100) in one query', async () => {
    const db = drizzle(env.DB) as unknown as Db;
    const ids = Array.from({ length: 150 }, (_, i) => 1_000_000 + i);
    const found = await companionsOf(db, ids);
    expect(found.size).toBe(0);
  });
});

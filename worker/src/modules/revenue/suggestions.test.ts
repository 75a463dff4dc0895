import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { Suggestions } from '@shared/revenue-prices';
import { json, staffAccount } from '@worker-test/builders';
import { call } from '@worker-test/helpers';
import { generateHistory, historyCsv } from '../../seed/revenue-history';
import { queueHistoryFile, r2Source, runHistoryImports } from './history-import';

const TODAY = hotelToday();
const d = (offset: number) => addDays(TODAY, offset);
const db = () => drizzle(env.DB);
let manager = '';

beforeAll(async () => {
  manager = (await staffAccount({ role: 'manager' })).cookie;
  const lines = generateHistory({ asOf: TODAY, seed: 11, yearsBack: 2.1 });
  await queueHistoryFile(db(), env.IMAGES, null, 'generated.csv', new TextEncoder().encode(historyCsv(lines)));
  await runHistoryImports(db(), r2Source(env.IMAGES), { budgetMs: 120_000 });
}, 120_000);

describe('explore', () => {
  it('prints', async () => {
    const res = await call(`/api/admin/revenue/suggestions?from=${TODAY}&to=${d(89)}`, { cookie: manager, lang: 'en' });
    const body = await json<Suggestions>(res);
    expect(res.status, JSON.stringify(body).slice(0, 2000)).toBe(200);
    console.log(body.suggestions.length, JSON.stringify(body.suggestions.slice(0, 3), null, 1));
    console.log(JSON.stringify(body.nights[20], null, 1));
    const kinds: Record<string, number> = {};
    for (const s of body.suggestions) kinds[s.kind] = (kinds[s.kind] ?? 0) + 1;
    console.log(kinds);
    console.log(body.suggestions.filter((s) => s.kind !== 'price').slice(0, 3).map((s) => s.reasons[0]));
  });
});

import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { emptyStorage } from '@worker-test/apply-migrations';

/**
 * Migration 0081 gives the requests awaiting an answer columns of their own in the stored books
 * on hand. The closes stored before it kept those requests and tentative blocks' holds together
 * as "tentative": this file builds the database of the migrations before it, stores such a close,
 * applies it, and checks each figure moved under its own name (a hold: source 'group').
 */
const MIGRATION = '0081_books_on_hand_pending.sql';

describe('migration 0081: requests awaiting an answer apart in the stored books', () => {
  it('moves a stored close’s requests out of "tentative", and leaves the groups’ holds there', async () => {
    const migrations = env.TEST_MIGRATIONS;
    const at = migrations.findIndex((m) => m.name === MIGRATION);
    expect(at).toBeGreaterThan(0);
    await emptyStorage();
    await applyD1Migrations(env.DB, migrations.slice(0, at));
    await env.DB.prepare(
      `insert into books_on_hand (close_date, night, room_type, segment, source, company_id,
         definite_rooms, definite_revenue_baisa, tentative_rooms, tentative_revenue_baisa)
       values ('2026-12-01', '2026-12-10', 'gold', 'leisure', 'website', 0, 3, 90000, 1, 30000),
              ('2026-12-01', '2026-12-13', 'gold', 'group', 'group', 4, 0, 0, 2, 0),
              ('2026-12-01', '2026-12-14', 'gold', 'ota', 'booking.com', 0, 2, 60000, 0, 0)`,
    ).run();

    await applyD1Migrations(env.DB, migrations.slice(0, at + 1));

    const rows = await env.DB.prepare(
      `select night, definite_rooms as definite, tentative_rooms as tentative,
         tentative_revenue_baisa as tentativeRevenue, pending_rooms as pending, pending_revenue_baisa as pendingRevenue
       from books_on_hand order by night`,
    ).all();
    expect(rows.results).toEqual([
      {
        night: '2026-12-10',
        definite: 3,
        tentative: 0,
        tentativeRevenue: 0,
        pending: 1,
        pendingRevenue: 30000,
      },
      { night: '2026-12-13', definite: 0, tentative: 2, tentativeRevenue: 0, pending: 0, pendingRevenue: 0 },
      { night: '2026-12-14', definite: 2, tentative: 0, tentativeRevenue: 0, pending: 0, pendingRevenue: 0 },
    ]);
  });
});

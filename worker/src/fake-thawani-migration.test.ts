import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { emptyStorage } from '@worker-test/apply-migrations';

/**
 * Migration 0079 replaces the development fake's books (its own words) with Thawani's objects.
 * What a local database still waited for from the old fake can never be looked up again, so the
 * migration closes it: open checkouts at the fake expired, refunds not yet confirmed failed;
 * Thawani's sessions, and what is settled, untouched. This file builds the database of the
 * migrations before it, fills it, then applies it.
 */
const MIGRATION = '0079_fake_thawani.sql';

describe('migration 0079: the fake provider speaks Thawani', () => {
  it("closes what was open at the old fake, and leaves Thawani's and what was settled alone", async () => {
    const migrations = env.TEST_MIGRATIONS;
    const at = migrations.findIndex((m) => m.name === MIGRATION);
    expect(at).toBeGreaterThan(0);
    await emptyStorage();
    await applyD1Migrations(env.DB, migrations.slice(0, at));

    const db = env.DB;
    await db.batch([
      db.prepare(
        `insert into booking_submissions (id, reference, full_name, phone_number, id_number, check_in_date,
           check_out_date, room_type, number_of_guests, status)
         values (51, 'KQ7MXPF', 'Old Fake Payer', '96891234567', 'A1234567', '2030-03-01', '2030-03-03', 'gold', 2, 'approved')`,
      ),
      db.prepare(
        `insert into folio_lines (id, booking_id, kind, method, description, amount_baisa, business_date, provider_reference)
         values (501, 51, 'payment', 'online', 'Online payment', 30000, '2030-02-01', 'fake_pay_1')`,
      ),
      db.prepare(
        `insert into payment_sessions (id, booking_id, provider, provider_session_id, purpose, amount_baisa, status,
           checkout_url, provider_payment_id, payment_line_id)
         values (1, 51, 'fake', 'fake_sess_paid', 'deposit', 30000, 'paid', '/dev/pay/fake_sess_paid', 'fake_pay_1', 501),
                (2, 51, 'fake', 'fake_sess_open', 'balance', 30000, 'open', '/dev/pay/fake_sess_open', null, null),
                (3, 51, 'thawani', 'checkout_real', 'balance', 30000, 'open', 'https://checkout.thawani.om/pay/checkout_real', null, null)`,
      ),
      db.prepare(
        `insert into payment_refunds (id, session_id, booking_id, payment_line_id, amount_baisa, reason, status, provider_refund_id)
         values (1, 1, 51, 501, 1000, 'sent, never confirmed', 'sent', 'fake_ref_1'),
                (2, 1, 51, 501, 2000, 'queued', 'requested', null)`,
      ),
    ]);

    await applyD1Migrations(env.DB, migrations.slice(0, at + 1));

    const sessions = await db
      .prepare('select id, status, settled_at from payment_sessions order by id')
      .all();
    expect(sessions.results.map((s) => [s.id, s.status])).toEqual([
      [1, 'paid'],
      [2, 'expired'],
      [3, 'open'],
    ]);
    expect(sessions.results[1]!.settled_at).toEqual(expect.any(Number));
    const refunds = await db.prepare('select id, status, failure from payment_refunds order by id').all();
    expect(refunds.results).toEqual([
      { id: 1, status: 'failed', failure: expect.stringContaining('replaced') },
      { id: 2, status: 'failed', failure: expect.stringContaining('replaced') },
    ]);
    const tables = await db
      .prepare(
        "select name from sqlite_master where type = 'table' and (name like 'fake_provider%' or name like 'fake_thawani%') order by name",
      )
      .all();
    expect(tables.results.map((t) => t.name)).toEqual([
      'fake_thawani_controls',
      'fake_thawani_payments',
      'fake_thawani_refunds',
      'fake_thawani_sessions',
    ]);
    expect((await db.prepare('PRAGMA foreign_key_check').all()).results).toEqual([]);
  });
});

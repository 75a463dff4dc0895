import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { emptyStorage } from '@worker-test/apply-migrations';

/**
 * Migration 0098 gives a booking's holder a thread of the booking's own. The threads
 * made before it by booking pages were keyed by the guest profile, which bookings sharing a typed
 * phone share: a thread written from one booking's page only (in the app) becomes that booking's,
 * its history kept for its holder; one written from two bookings, or with WhatsApp on it, stays the
 * profile's (the desk reads it; no guest does any more).
 */
const MIGRATION = '0098_conversation_booking_threads.sql';

describe('migration 0098: a booking page’s thread becomes its booking’s', () => {
  it('moves a one-booking thread to its booking, and leaves shared and WhatsApp threads to the profile', async () => {
    const migrations = env.TEST_MIGRATIONS;
    const at = migrations.findIndex((m) => m.name === MIGRATION);
    expect(at).toBeGreaterThan(0);
    await emptyStorage();
    await applyD1Migrations(env.DB, migrations.slice(0, at));
    await env.DB.batch([
      env.DB.prepare(
        `insert into conversation_threads (id, profile_id, phone, guest_name) values
           (1, 11, '91110001', 'One booking'), (2, 12, '91110002', 'Two bookings'),
           (3, 13, '91110003', 'With WhatsApp'), (4, null, '91110004', 'Phone only')`,
      ),
      env.DB.prepare(
        `insert into conversation_messages (thread_id, channel, direction, author_kind, body, booking_id) values
           (1, 'app', 'in', 'system', 'handed over', 101), (1, 'app', 'in', 'guest', 'hello', 101),
           (1, 'app', 'out', 'staff', 'welcome', null),
           (2, 'app', 'in', 'guest', 'from the first', 102), (2, 'app', 'in', 'guest', 'from the second', 103),
           (3, 'app', 'in', 'guest', 'from the page', 104), (3, 'whatsapp', 'in', 'guest', 'on WhatsApp', null),
           (4, 'whatsapp', 'in', 'guest', 'stranger', null)`,
      ),
    ]);

    await applyD1Migrations(env.DB, migrations.slice(0, at + 1));

    const threads = await env.DB.prepare(
      'select id, profile_id as profile, booking_id as booking, phone from conversation_threads order by id',
    ).all();
    expect(threads.results).toEqual([
      { id: 1, profile: 11, booking: 101, phone: null },
      { id: 2, profile: 12, booking: null, phone: '91110002' },
      { id: 3, profile: 13, booking: null, phone: '91110003' },
      { id: 4, profile: null, booking: null, phone: '91110004' },
    ]);
    // One thread per booking, and the profile's own thread may now be made beside a booking's.
    await expect(
      env.DB.prepare('insert into conversation_threads (booking_id) values (101)').run(),
    ).rejects.toThrow(/UNIQUE/);
    await env.DB.prepare(
      "insert into conversation_threads (profile_id, phone) values (11, '91110001')",
    ).run();
  });
});

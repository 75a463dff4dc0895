import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { call } from '@worker-test/helpers';
import { json } from '@worker-test/builders';
import { expectNoFullScans, recordingDb, type Recorded } from '@worker-test/query-plans';
import { inHouse, manager, outletWithItems, toRoom, type Check } from '@worker-test/outlets';

/**
 * Every new call of the outlets reads rows that do not grow with history (decision 090): the
 * tablet's screen, a check to a room and one paid here, a void, an outside system's charge and the
 * day's report read no growing table in full (the folio's lines, the bookings, the keys, the
 * checks and their voids counted as growing), each statement's plan checked.
 */

/** The outlets' own growing tables (and the bookings' and folio's they read), beside the shared list. */
const OUTLETS_GROWING = [
  'booking_submissions',
  'folio_lines',
  'guest_profiles',
  'idempotency_keys',
  'audit_log',
  'invoice_lines',
  'outlet_checks',
  'outlet_check_voids',
  'outlet_keys',
  'outlet_items',
  'users',
  'sessions',
  // Their aliases in the outlets' raw SQL (the day report's, the stays in house, the integrity's).
  'c',
  'v',
  'b',
  'f',
];

describe('the outlets’ reads', () => {
  it('read no growing table in full: screen, checks, void, POS charge, day report', async () => {
    const cafe = await outletWithItems();
    await inHouse('303', 'Hind Lawati');
    const cookie = await manager();
    const key = await json<{ key: { key: string } }>(
      await call(`/api/admin/outlets/${cafe.id}/keys`, { method: 'POST', cookie, json: { label: 'Till' } }),
    );
    const log: Recorded[] = [];
    const recorded = { ...env, DB: recordingDb(log) };
    const through = (path: string, init: Parameters<typeof call>[1] = {}) =>
      call(path, { ...init, env: recorded });
    expect((await through(`/api/outlets/${cafe.id}`, { cookie })).status).toBe(200);
    const room = await through(`/api/outlets/${cafe.id}/checks`, {
      method: 'POST',
      cookie,
      json: toRoom(cafe.coffee.id, 1, '303', 'Lawati'),
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(room.status).toBe(201);
    const paid = await through(`/api/outlets/${cafe.id}/checks`, {
      method: 'POST',
      cookie,
      json: { items: [{ itemId: cafe.cake.id, quantity: 1 }], settle: { kind: 'paid', method: 'cash' } },
    });
    expect(paid.status).toBe(201);
    const { check: posted } = await json<{ check: Check }>(room);
    const voided = await through(`/api/outlets/checks/${posted.id}/void`, {
      method: 'POST',
      cookie,
      json: { reason: 'Plan' },
    });
    expect(voided.status).toBe(200);
    const pos = await through('/api/pos/charges', {
      method: 'POST',
      json: {
        roomNumber: '303',
        guestSurname: 'Lawati',
        items: [{ name: 'Tea', quantity: 1, amountBaisa: 800, department: 'restaurant' }],
        checkNumber: 'P-1',
      },
      headers: { Authorization: `Bearer ${key.key.key}`, 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(pos.status).toBe(201);
    expect((await through(`/api/admin/reports/flash?date=${hotelToday()}`, { cookie })).status).toBe(200);
    // The shared list's growing tables, and the outlets' own.
    await expectNoFullScans(log, { alsoGrowing: OUTLETS_GROWING });
    expect(log.length).toBeGreaterThan(10);
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call } from '@worker-test/helpers';
import { day, inHouseStay, json } from '@worker-test/builders';
import { check, folioLinesOf, manager, outletWithItems, toRoom, type Body } from '@worker-test/outlets';

/**
 * The outlets and the POS never pick between two stays in house in one room. The
 * database keeps one stay in house per room since migration 0099; a database that held two before
 * it keeps them until the desk checks one out, and a check to that room's number is refused (409
 * `room_stays_ambiguous`) rather than charged to one of them. By the booking it goes.
 *
 * This file drops the database's rule to build the state it had before (each test file has a
 * database of its own).
 */
describe('two stays in house in one room (made before the rule)', () => {
  it('a check to the room number is refused, on the tablet and from a POS; by the booking it goes', async () => {
    await env.DB.prepare('drop trigger stay_one_in_house_per_room').run();
    await env.DB.prepare('drop trigger stay_one_in_house_per_room_insert').run();
    const first = await inHouseStay('104', day(-1), day(0), { fullName: 'Said Al Busaidi' });
    const second = await inHouseStay('104', day(0), day(2), { fullName: 'Huda Al Busaidi' });
    const cafe = await outletWithItems();
    const cookie = await manager();

    const tablet = await check(cafe.id, toRoom(cafe.coffee.id, 1, '104', 'Busaidi'), cookie);
    expect(tablet.status).toBe(409);
    expect((await json<Body>(tablet)).error!.code).toBe('room_stays_ambiguous');

    const made = await call(`/api/admin/outlets/${cafe.id}/keys`, {
      method: 'POST',
      cookie,
      json: { label: 'Till' },
    });
    const { key } = (await json<{ key: { key: string } }>(made)).key;
    const pos = (body: Record<string, unknown>) =>
      call('/api/pos/charges', {
        method: 'POST',
        lang: 'en',
        json: {
          guestSurname: 'Busaidi',
          items: [{ name: 'Club sandwich', quantity: 1, amountBaisa: 4_500, department: 'restaurant' }],
          ...body,
        },
        headers: { Authorization: `Bearer ${key}`, 'Idempotency-Key': crypto.randomUUID() },
      });
    const byRoom = await pos({ roomNumber: '104', checkNumber: 'T-1' });
    expect(byRoom.status).toBe(409);
    const refusal = await json<Body & { error: { message: string } }>(byRoom);
    expect(refusal.error.code).toBe('room_stays_ambiguous');
    expect(refusal.error.message).toMatch(/charge the check to the booking, not the room number/);
    expect(await folioLinesOf(first)).toEqual([]);
    expect(await folioLinesOf(second)).toEqual([]);

    const byBooking = await pos({ bookingId: second, checkNumber: 'T-2' });
    expect(byBooking.status, await byBooking.clone().text()).toBe(201);
    expect((await folioLinesOf(second)).map((l) => l.amount_baisa)).toEqual([4_500]);
    expect(await folioLinesOf(first)).toEqual([]);
  });
});

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  assign,
  book,
  day,
  inHouseStay,
  json,
  one,
  stayInRoom,
  setBookingStatus,
  setRoomStatus,
  settleFolio,
} from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';

/**
 * Two stays in house in one room: a guest who has not checked out holds no room night
 * past their departure, so the room-night index let the desk check a new guest into their room,
 * and "not clean, check in anyway" covered it. A check-in into a room whose stay has not left is
 * refused (409 `room_occupied`, naming that stay, whatever the desk confirms), and the database
 * keeps one stay in house per room whatever the path (migration 0099).
 */
let staff = '';
beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
});

type Refusal = {
  error: {
    code: string;
    message: string;
    room?: { number: string };
    stay?: { id: number; reference: string; fullName: string; checkOutDate: string };
  };
};

/** An approved arrival of today in room `number` (its nights free: the guest before leaves today). */
async function arrival(number: string, fullName: string) {
  const created = await book({
    fullName,
    roomType: 'silver',
    checkInDate: day(0),
    checkOutDate: day(2),
  });
  await setBookingStatus(created.id, 'approved', { cookie: staff });
  await assign(created.id, number);
  return created;
}
const checkIn = (id: number, body: Record<string, unknown> = {}, lang: 'ar' | 'en' = 'en') =>
  call(`/api/booking-submissions/${id}/check-in`, { method: 'POST', cookie: staff, lang, json: body });
const inHouse = async (id: number) =>
  (await one<{ at: number | null }>('select checked_in_at as at from booking_submissions where id = ?', id))!
    .at !== null;

describe('a check-in into a room whose guest has not left', () => {
  it('is refused, naming the stay, even when the desk confirms a room not clean; after its check-out it goes', async () => {
    // Yesterday's guest, due out today, still in room 105.
    const staying = await inHouseStay('105', day(-1), day(0), { fullName: 'Khalid Overstay' });
    const reference = (await one<{ r: string }>(
      'select reference as r from booking_submissions where id = ?',
      staying,
    ))!.r;
    const next = await arrival('105', 'Maryam Arriving');
    await setRoomStatus('105', 'dirty');

    for (const body of [{}, { confirmNotClean: true }, { confirmNotClean: true, idChecked: true }]) {
      const refused = await checkIn(next.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(409);
      const { error } = await json<Refusal>(refused);
      expect(error.code).toBe('room_occupied');
      expect(error.room?.number).toBe('105');
      expect(error.stay).toMatchObject({
        id: staying,
        reference,
        fullName: 'Khalid Overstay',
        checkOutDate: day(0),
      });
      expect(error.message).toMatch(/check them out first, or give this stay another room/);
    }
    const ar = await json<Refusal>(await checkIn(next.id, { confirmNotClean: true }, 'ar'));
    expect(ar.error.message).toMatch(/سجّل مغادرته أولاً/);
    expect(await inHouse(next.id)).toBe(false);

    // The guest before leaves: the arrival goes in (the room not clean, confirmed).
    await settleFolio(staying);
    const out = await call(`/api/booking-submissions/${staying}/check-out`, {
      method: 'POST',
      cookie: staff,
    });
    expect(out.status, await out.clone().text()).toBe(200);
    const done = await checkIn(next.id, { confirmNotClean: true });
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await inHouse(next.id)).toBe(true);
  });

  it('is refused when moved into at check-in (a room chosen), and the best free room passes it by', async () => {
    const staying = await inHouseStay('106', day(-2), day(0), { fullName: 'Still In 106' });
    await setRoomStatus('106', 'clean');
    const next = await arrival('107', 'Moving Guest');
    await setRoomStatus('107', 'clean');
    const roomId = (await one<{ id: number }>("select id from hotel_rooms where number = '106'"))!.id;
    const refused = await checkIn(next.id, { roomId });
    expect(refused.status).toBe(409);
    expect((await json<Refusal>(refused)).error).toMatchObject({
      code: 'room_occupied',
      stay: { id: staying },
    });
    // A stay without a room is given a free one that nobody is still in.
    const unplaced = await book({
      fullName: 'No Room Yet',
      roomType: 'silver',
      checkInDate: day(0),
      checkOutDate: day(1),
    });
    await setBookingStatus(unplaced.id, 'approved', { cookie: staff });
    const given = await checkIn(unplaced.id, { confirmNotClean: true });
    expect(given.status, await given.clone().text()).toBe(200);
    expect((await json<{ room: { number: string } }>(given)).room.number).not.toBe('106');
  });

  it('two check-ins into one room at once: one goes in, the other is refused by the database', async () => {
    // Yesterday's late arrival and today's, both given room 108 (their nights apart), both
    // checked in at the same moment: the reads before the batch see an empty room for both.
    const late = { id: await stayInRoom('108', day(-1), day(0), { fullName: 'Late One' }) };
    const today = await arrival('108', 'Today One');
    await setRoomStatus('108', 'clean');
    const answers = await Promise.all([checkIn(late.id), checkIn(today.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect((await json<Refusal>(refused)).error.code).toBe('room_occupied');
    expect([await inHouse(late.id), await inHouse(today.id)].filter(Boolean)).toHaveLength(1);
  });

  it('the database refuses a second stay in house in a room on any path', async () => {
    await inHouseStay('109', day(-1), day(1), { fullName: 'First In 109' });
    const second = await arrival('110', 'Second');
    await expect(
      env.DB.prepare(
        `update booking_submissions set room_id = (select id from hotel_rooms where number = '109'),
           checked_in_at = ? where id = ?`,
      )
        .bind(Date.now(), second.id)
        .run(),
    ).rejects.toThrow(/room_occupied/);
  });
});

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { hotelInstant } from '@shared/stay-policy';
import type { HousekeepingBoard, HousekeepingRoom } from './housekeeping';
import { markCheckedIn, roomIdOf, stayInRoom } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * The housekeeping board: GET /api/admin/housekeeping?date=. The day's state is set
 * in SQL the way assignments, check-outs and out-of-order periods leave it (room_nights rows, the
 * booking's room, the room's status), on a fixed day far from every other test's stays.
 */
const DAY = '2031-03-10';
let staff: string;
let admin: string;
let guest: string;

const roomId = roomIdOf;
/** An approved stay in `number` from `checkIn` to `checkOut`, assigned: its room nights and room. */
const stay = (
  number: string,
  checkIn: string,
  checkOut: string,
  extra: { checkedOut?: boolean; departureTime?: string } = {},
) => stayInRoom(number, checkIn, checkOut, { fullName: 'Board Guest', ...extra });

/** Room `number` out of order from `from` to `to`, through PUT /api/admin/rooms/:id. */
async function block(number: string, from: string, to: string, reason: string) {
  const res = await call(`/api/admin/rooms/${await roomId(number)}`, {
    method: 'PUT',
    cookie: staff,
    json: { outOfOrderFrom: from, outOfOrderTo: to, reason },
  });
  expect(res.status, await res.text()).toBe(200);
}

async function setStatus(number: string, status: string, changedAt: Date) {
  await env.DB.prepare('update hotel_rooms set status = ?, status_changed_at = ? where id = ?')
    .bind(status, changedAt.getTime(), await roomId(number))
    .run();
}

async function board(date = DAY, cookie = staff): Promise<HousekeepingBoard> {
  const res = await call(`/api/admin/housekeeping?date=${date}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as HousekeepingBoard;
}

const room = (b: HousekeepingBoard, number: string): HousekeepingRoom =>
  b.floors.flatMap((f) => f.rooms).find((r) => r.number === number)!;

const yesterday = hotelInstant(addDays(DAY, -1), '15:00');

beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
  admin = (await logIn('admin@example.com', 'change-me-admin')).cookie;
  guest = (await signUp('Board Guest')).cookie;

  // 101: its stay left on the day (checked out, a late check-out at 13:00), and the room is dirty.
  await stay('101', '2031-03-07', DAY, { checkedOut: true, departureTime: '13:00' });
  await setStatus('101', 'dirty', hotelInstant(DAY, '11:00'));
  // 102: a stay-over whose room was last cleaned the day before: its daily service is due.
  await stay('102', '2031-03-09', '2031-03-12');
  await setStatus('102', 'clean', yesterday);
  // 103: a guest arrives in a room still dirty.
  await stay('103', DAY, '2031-03-12');
  await setStatus('103', 'dirty', yesterday);
  // 104: out of order for three nights from the day (left dirty: a room out of order is not cleaned).
  await block('104', DAY, '2031-03-13', 'Leaking tap');
  await setStatus('104', 'dirty', yesterday);
  // 105: dirty and nobody in it.
  await setStatus('105', 'dirty', yesterday);
  // 106: a stay-over already serviced that morning: not on the list again.
  await stay('106', '2031-03-08', '2031-03-11');
  await setStatus('106', 'inspected', hotelInstant(DAY, '09:30'));
  // 107: a stay-over whose room is dirty.
  await stay('107', '2031-03-09', '2031-03-11');
  await setStatus('107', 'dirty', yesterday);
  // 108: a guest who arrived that day and has checked in: in house, no longer expected.
  const arrived = await stay('108', DAY, '2031-03-12');
  await markCheckedIn(arrived, hotelInstant(DAY, '15:00').getTime());
  // 201: one stay leaves and the next arrives the same day; dirty between the two.
  await stay('201', '2031-03-08', DAY);
  await stay('201', DAY, '2031-03-11');
  await setStatus('201', 'dirty', hotelInstant(DAY, '10:00'));
  // 112 is retired: off the board.
  await env.DB.prepare(`update hotel_rooms set retired_at = ? where number = '112'`).bind(Date.now()).run();
});

describe('GET /api/admin/housekeeping', () => {
  it("flags each room's day: departures, stay-overs, arrivals, vacant rooms, out of order", async () => {
    const b = await board();
    expect(b.date).toBe(DAY);
    expect(room(b, '101')).toMatchObject({
      roomType: 'silver',
      floor: 1,
      status: 'dirty',
      departure: true,
      checkedOut: true,
      lateCheckOut: '13:00',
      stayOver: false,
      arrival: false,
      vacant: true,
      outOfOrder: null,
    });
    expect(room(b, '102')).toMatchObject({ departure: false, stayOver: true, arrival: false, vacant: false });
    expect(room(b, '103')).toMatchObject({
      departure: false,
      stayOver: false,
      arrival: true,
      arrived: false,
      vacant: false,
    });
    expect(room(b, '108')).toMatchObject({ arrival: true, arrived: true, vacant: false });
    expect(room(b, '104')).toMatchObject({
      status: 'dirty',
      outOfOrder: { from: DAY, to: '2031-03-13', reason: 'Leaking tap' },
      departure: false,
      stayOver: false,
      arrival: false,
      vacant: true,
    });
    expect(room(b, '105')).toMatchObject({ departure: false, stayOver: false, arrival: false, vacant: true });
    expect(room(b, '201')).toMatchObject({
      departure: true,
      checkedOut: false,
      lateCheckOut: null,
      stayOver: false,
      arrival: true,
      vacant: false,
    });
    // The night before, 201's first stay was a stay-over and 101's guest was still in.
    const before = await board(addDays(DAY, -1));
    expect(room(before, '201')).toMatchObject({ stayOver: true, departure: false, arrival: false });
    expect(room(before, '104')).toMatchObject({ outOfOrder: null });
    expect(room(before, '103')).toMatchObject({ vacant: true, arrival: false });
  });

  it('lists the rooms to clean: departures first, then stay-overs, then other dirty rooms', async () => {
    const b = await board();
    const numbers = b.toClean.map(
      ({ roomId: id }) => b.floors.flatMap((f) => f.rooms).find((r) => r.id === id)!.number,
    );
    expect(numbers).toEqual(['201', '101', '102', '107', '103', '105']);
    expect(b.toClean.map((entry) => entry.why)).toEqual([
      'departure',
      'departure',
      'stay_over',
      'stay_over',
      'dirty',
      'dirty',
    ]);
  });

  it('groups the rooms in service by floor, in number order', async () => {
    const b = await board();
    expect(b.floors.map((f) => f.floor)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(b.floors[0]!.rooms.map((r) => r.number)).toEqual([
      '101',
      '102',
      '103',
      '104',
      '105',
      '106',
      '107',
      '108',
      '109',
      '110',
      '111',
    ]);
    expect(b.floors.flatMap((f) => f.rooms)).toHaveLength(59);
    expect(b.floors[5]!.rooms.map((r) => r.number)).toEqual(['601', '602', '603', '604']);
  });

  it("answers today's board by default, and takes Arabic-Indic digits", async () => {
    const res = await call('/api/admin/housekeeping', { cookie: staff });
    expect(res.status).toBe(200);
    expect(((await res.json()) as HousekeepingBoard).date).toBe(hotelToday());
    const arabic = await board('٢٠٣١-٠٣-١٠');
    expect(arabic.date).toBe(DAY);
    expect(arabic.toClean).toHaveLength(6);
  });

  it('refuses a date that is not a calendar date with 400, in the asked language', async () => {
    for (const bad of ['2031-02-30', 'tomorrow', '10-03-2031']) {
      const res = await call(`/api/admin/housekeeping?date=${encodeURIComponent(bad)}`, {
        cookie: staff,
        lang: 'ar',
      });
      expect(res.status).toBe(400);
      const body = (await res.json()) as {
        error: { code: string; message: string; fields: Record<string, string> };
      };
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.fields.date).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('is for staff and admins only', async () => {
    expect((await call(`/api/admin/housekeeping?date=${DAY}`)).status).toBe(401);
    expect((await call(`/api/admin/housekeeping?date=${DAY}`, { cookie: guest })).status).toBe(403);
    expect((await board(DAY, admin)).toClean).toHaveLength(6);
  });

  it('answers 304 to a poll until a room or a booking changes', async () => {
    const first = await call(`/api/admin/housekeeping?date=${DAY}`, { cookie: staff });
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const poll = () =>
      call(`/api/admin/housekeeping?date=${DAY}`, { cookie: staff, headers: { 'if-none-match': etag } });
    expect((await poll()).status).toBe(304);
    // Another day is another answer.
    const other = await call(`/api/admin/housekeeping?date=${addDays(DAY, 1)}`, {
      cookie: staff,
      headers: { 'if-none-match': etag },
    });
    expect(other.status).toBe(200);
    // A room marked clean (the rooms counter)...
    await setStatus('105', 'clean', new Date());
    const changed = await poll();
    expect(changed.status).toBe(200);
    const after = (await changed.json()) as HousekeepingBoard;
    expect(after.toClean.map((entry) => entry.roomId)).not.toContain(await roomId('105'));
    // ...and a booking checked out (the bookings counter) are in the next poll.
    const again = changed.headers.get('etag')!;
    await env.DB.prepare(
      `update booking_submissions set status = 'completed', checked_in_at = coalesce(checked_in_at, ?1), checked_out_at = ?1
       where room_id = ?2 and check_out_date = ?3`,
    )
      .bind(Date.now(), await roomId('201'), DAY)
      .run();
    const next = await call(`/api/admin/housekeeping?date=${DAY}`, {
      cookie: staff,
      headers: { 'if-none-match': again },
    });
    expect(next.status).toBe(200);
    expect(room((await next.json()) as HousekeepingBoard, '201').checkedOut).toBe(true);
    await setStatus('105', 'dirty', yesterday);
  });
});

import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { json, markCheckedIn, one, rows, staffCookie as staff } from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';
import {
  assignRoom,
  booking,
  dropFaults,
  failOn,
  freshDay,
  nextGuest,
  nightsOf,
  room,
  roomOfBooking,
} from '@worker-test/room-assignment';

/**
 * Room assignment and the tape chart: the unique room-night index under a race of 20, a move in
 * one batch, unassigning, who and which stays may have a room, type and room checks, the chart's
 * grid, and the room a listed booking names. The suggestion for two days' arrivals and applying a
 * reviewed set are room-suggestion.test.ts.
 */

afterEach(dropFaults);

describe('assigning a room', () => {
  it('20 assignments racing for one room and night: exactly one wins, the others get 409 room_taken', async () => {
    const night = freshDay();
    const bookings = await Promise.all(Array.from({ length: 20 }, () => booking('gold', night)));
    const target = await room('210');
    const cookie = await staff();
    const answers = await Promise.all(bookings.map((b) => assignRoom(b.id, target.id, {}, cookie)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const res of answers.filter((r) => r.status === 409))
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe('room_taken');
    const taken = await rows(
      'select booking_id from room_nights where room_id = ? and night = ?',
      target.id,
      night,
    );
    expect(taken).toHaveLength(1);
    // The losers hold no room: neither a night nor a room id.
    const winner = taken[0]!.booking_id as number;
    for (const b of bookings.filter((b) => b.id !== winner)) {
      expect(await nightsOf(b.id)).toEqual([]);
      expect(await roomOfBooking(b.id)).toBeNull();
    }
    expect(await roomOfBooking(winner)).toBe(target.id);
  });

  it('a move is one batch: the old room is freed for another stay, the new one holds every night', async () => {
    const start = freshDay();
    const stay = await booking('gold', start, 3);
    const other = await booking('gold', addDays(start, 1));
    const [a, b] = [await room('211'), await room('212')];
    expect((await assignRoom(stay.id, a.id)).status).toBe(200);
    expect((await nightsOf(stay.id)).map((n) => n.room_id)).toEqual([a.id, a.id, a.id]);
    // Room A is taken on the other stay's night.
    expect((await assignRoom(other.id, a.id)).status).toBe(409);
    const moved = await assignRoom(stay.id, b.id);
    expect(moved.status).toBe(200);
    expect(await json(moved)).toMatchObject({ bookingId: stay.id, room: { id: b.id, number: '212' } });
    expect(await nightsOf(stay.id)).toEqual(
      [0, 1, 2].map((i) => ({ room_id: b.id, night: addDays(start, i) })),
    );
    expect(await roomOfBooking(stay.id)).toBe(b.id);
    expect((await assignRoom(other.id, a.id)).status).toBe(200);
    const audit = await rows<{ action: string }>(
      `select action from audit_log where entity_type = 'booking' and entity_id = ? order by id`,
      String(stay.id),
    );
    expect(audit.map((r) => r.action).filter((a) => a.startsWith('booking.room'))).toEqual([
      'booking.room_assign',
      'booking.room_move',
    ]);
  });

  it('moving a guest in house leaves the old room to clean; a move before arrival leaves it as it was', async () => {
    const today = hotelToday();
    const [a, b, c, d] = [await room('206'), await room('207'), await room('208'), await room('209')];
    await env.DB.prepare("update hotel_rooms set status = 'clean' where id in (?, ?, ?, ?)")
      .bind(a.id, b.id, c.id, d.id)
      .run();
    const inHouse = await booking('gold', today, 2);
    expect((await assignRoom(inHouse.id, a.id)).status).toBe(200);
    await markCheckedIn(inHouse.id);
    expect((await assignRoom(inHouse.id, b.id)).status).toBe(200);
    expect((await room('206')).status).toBe('dirty');
    expect((await room('207')).status).toBe('clean');

    const arriving = await booking('gold', today, 1);
    expect((await assignRoom(arriving.id, c.id)).status).toBe(200);
    expect((await assignRoom(arriving.id, d.id)).status).toBe(200);
    expect((await room('208')).status).toBe('clean');
  });

  it('a move cut short midway leaves the stay where it was (nothing half done)', async () => {
    const start = freshDay();
    const stay = await booking('gold', start, 2);
    const [a, b] = [await room('305'), await room('306')];
    expect((await assignRoom(stay.id, a.id)).status).toBe(200);
    // The batch's last statement (the audit line) fails: the move must not half-happen.
    await failOn('audit_log');
    expect((await assignRoom(stay.id, b.id)).status).toBe(500);
    expect((await nightsOf(stay.id)).map((n) => n.room_id)).toEqual([a.id, a.id]);
    expect(await roomOfBooking(stay.id)).toBe(a.id);
  });

  it('unassigning frees the nights and clears the room; the stay is listed unassigned again', async () => {
    const start = freshDay();
    const stay = await booking('silver', start, 2, 'confirmed');
    const target = await room('105');
    expect((await assignRoom(stay.id, target.id)).status).toBe(200);
    const chart = async () =>
      json<{ unassigned: { bookingId: number }[]; stays: { bookingId: number }[] }>(
        await call(`/api/admin/tape-chart?from=${start}&nights=3`, { cookie: await staff() }),
      );
    expect((await chart()).stays.map((s) => s.bookingId)).toContain(stay.id);
    const res = await call(`/api/booking-submissions/${stay.id}/room`, {
      method: 'DELETE',
      cookie: await staff(),
    });
    expect(res.status).toBe(200);
    expect(await nightsOf(stay.id)).toEqual([]);
    expect(await roomOfBooking(stay.id)).toBeNull();
    const after = await chart();
    expect(after.stays.map((s) => s.bookingId)).not.toContain(stay.id);
    expect(after.unassigned.map((s) => s.bookingId)).toContain(stay.id);
  });

  it('only an approved or confirmed stay gets a room', async () => {
    const start = freshDay();
    const target = await room('106');
    const pending = await booking('silver', start, 1, 'pending');
    const cancelled = await booking('silver', start, 1, 'cancelled');
    const confirmed = await booking('silver', addDays(start, 1), 1, 'confirmed');
    for (const b of [pending, cancelled]) {
      const res = await assignRoom(b.id, target.id);
      expect(res.status).toBe(409);
      expect((await json<{ error: { code: string } }>(res)).error.code).toBe('room_assign_status');
      expect(await nightsOf(b.id)).toEqual([]);
    }
    expect((await assignRoom(confirmed.id, target.id)).status).toBe(200);
    // Cancelling the stay releases its room night (the trigger), so the room is free again.
    const cancel = await call(`/api/booking-submissions/${confirmed.id}/status`, {
      method: 'PATCH',
      cookie: await staff(),
      json: { status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    expect(await nightsOf(confirmed.id)).toEqual([]);
  });

  it('a room of another type is refused unless staff say upgrade: true', async () => {
    const start = freshDay();
    const stay = await booking('silver', start, 2);
    const diamond = await room('505');
    const refused = await assignRoom(stay.id, diamond.id);
    expect(refused.status).toBe(422);
    expect((await json<{ error: { code: string } }>(refused)).error.code).toBe('room_type_mismatch');
    expect(await nightsOf(stay.id)).toEqual([]);
    expect((await assignRoom(stay.id, diamond.id, { upgrade: true })).status).toBe(200);
    expect((await nightsOf(stay.id)).map((n) => n.room_id)).toEqual([diamond.id, diamond.id]);
    // The holds follow the room it really uses.
    expect(await rows('select distinct room_type from booking_nights where booking_id = ?', stay.id)).toEqual(
      [{ room_type: 'diamond' }],
    );
  });

  it('a retired room, a room out of order and a room blocked on a night are refused', async () => {
    const start = freshDay();
    const stay = await booking('gold', start, 2);
    const [retired, broken, blocked] = [await room('401'), await room('402'), await room('403')];
    await env.DB.prepare(`update hotel_rooms set retired_at = 1, number = 'old-401' where id = ?`)
      .bind(retired.id)
      .run();
    await env.DB.prepare(`update hotel_rooms set status = 'out_of_order' where id = ?`).bind(broken.id).run();
    const block = await one<{ id: number }>(
      `insert into room_blocks (room_id, from_date, to_date, reason) values (?, ?, ?, 'leak') returning id`,
      blocked.id,
      addDays(start, 1),
      addDays(start, 2),
    );
    await env.DB.prepare(
      `insert into room_nights (room_id, night, room_type, block_id) values (?, ?, 'gold', ?)`,
    )
      .bind(blocked.id, addDays(start, 1), block!.id)
      .run();
    try {
      const codes = [];
      for (const target of [retired, broken, blocked]) {
        const res = await assignRoom(stay.id, target.id);
        codes.push([res.status, (await json<{ error: { code: string } }>(res)).error.code]);
      }
      expect(codes).toEqual([
        [404, 'room_not_found'],
        [409, 'room_out_of_order'],
        [409, 'room_taken'],
      ]);
      expect(await nightsOf(stay.id)).toEqual([]);
    } finally {
      await env.DB.prepare(`update hotel_rooms set status = 'clean' where id = ?`).bind(broken.id).run();
    }
  });

  it('staff only: a guest gets 403, no session 401, on every assignment and chart endpoint', async () => {
    const start = freshDay();
    const stay = await booking('gold', start);
    const target = await room('404');
    const guest = (await signUp()).cookie;
    const calls = (cookie?: string) => [
      call(`/api/booking-submissions/${stay.id}/room`, {
        method: 'PUT',
        cookie,
        json: { roomId: target.id },
      }),
      call(`/api/booking-submissions/${stay.id}/room`, { method: 'DELETE', cookie }),
      call(`/api/admin/tape-chart?from=${start}`, { cookie }),
      call(`/api/admin/room-assignments/suggestion?date=${start}`, { cookie }),
      call('/api/admin/room-assignments', {
        method: 'POST',
        cookie,
        json: { assignments: [{ bookingId: stay.id, roomId: target.id }] },
      }),
    ];
    expect((await Promise.all(calls(guest))).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await Promise.all(calls())).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(await nightsOf(stay.id)).toEqual([]);
  });

  it('bad ids and bodies: 400 with a message in the language, never a 500', async () => {
    const start = freshDay();
    const stay = await booking('gold', start);
    const cookie = await staff();
    const put = (path: string, body: unknown) =>
      call(path, { method: 'PUT', cookie, lang: 'en', json: body });
    const bad = [
      await put('/api/booking-submissions/abc/room', { roomId: 1 }),
      await put('/api/booking-submissions/0/room', { roomId: 1 }),
      await put(`/api/booking-submissions/${stay.id}/room`, {}),
      await put(`/api/booking-submissions/${stay.id}/room`, { roomId: 'x' }),
      await put(`/api/booking-submissions/${stay.id}/room`, { roomId: -3 }),
      await put(`/api/booking-submissions/${stay.id}/room`, { roomId: 1, upgrade: 'yes' }),
      await call('/api/admin/tape-chart?nights=0', { cookie }),
      await call('/api/admin/tape-chart?nights=40', { cookie }),
      await call('/api/admin/tape-chart?from=2026-13-45', { cookie }),
      await call('/api/admin/room-assignments/suggestion?date=tomorrow', { cookie }),
      await call('/api/admin/room-assignments', { method: 'POST', cookie, json: { assignments: [] } }),
      await call('/api/admin/room-assignments', { method: 'POST', cookie, json: { assignments: 'all' } }),
      await call('/api/admin/room-assignments', {
        method: 'POST',
        cookie,
        json: { assignments: [{ bookingId: stay.id, roomId: 'x' }] },
      }),
      await call('/api/admin/room-assignments', {
        method: 'POST',
        cookie,
        json: {
          assignments: [
            { bookingId: stay.id, roomId: 1 },
            { bookingId: stay.id, roomId: 2 },
          ],
        },
      }),
    ];
    expect(bad.map((r) => r.status)).toEqual(bad.map(() => 400));
    for (const res of bad)
      expect((await json<{ error: { message: string } }>(res)).error.message).toBeTruthy();
    // Unknown booking or room: 404.
    expect((await put('/api/booking-submissions/99999999/room', { roomId: 1 })).status).toBe(404);
    expect((await put(`/api/booking-submissions/${stay.id}/room`, { roomId: 99999999 })).status).toBe(404);
    expect(await nightsOf(stay.id)).toEqual([]);
  });
});

type Chart = {
  from: string;
  nights: number;
  days: string[];
  rooms: { id: number; number: string; roomType: string; status: string }[];
  stays: {
    roomId: number;
    bookingId: number;
    reference: string;
    guestName: string;
    status: string;
    firstNight: string;
    lastNight: string;
    checkedIn: boolean;
    checkedOut: boolean;
  }[];
  blocks: { roomId: number; reason: string; firstNight: string; lastNight: string }[];
  unassigned: { bookingId: number; reference: string; roomType: string }[];
};

describe('the tape chart', () => {
  it('rooms by type and number, stays clipped to the window, blocks with their reason, unassigned stays; 304 while unchanged', async () => {
    const from = freshDay();
    const cookie = await staff();
    const before = await booking('silver', addDays(from, -2), 4);
    const inside = await booking('silver', addDays(from, 1), 2, 'confirmed');
    const waiting = await booking('gold', addDays(from, 2), 2);
    const pending = await booking('gold', addDays(from, 2), 2, 'pending');
    const after = await booking('gold', addDays(from, 5), 1);
    const [r108, r109] = [await room('108'), await room('109')];
    expect((await assignRoom(before.id, r108.id)).status).toBe(200);
    expect((await assignRoom(inside.id, r109.id)).status).toBe(200);
    const block = await one<{ id: number }>(
      `insert into room_blocks (room_id, from_date, to_date, reason) values (?, ?, ?, 'Broken AC') returning id`,
      r108.id,
      addDays(from, 3),
      addDays(from, 9),
    );
    for (const i of [3, 4, 5, 6, 7, 8])
      await env.DB.prepare(
        `insert into room_nights (room_id, night, room_type, block_id) values (?, ?, 'silver', ?)`,
      )
        .bind(r108.id, addDays(from, i), block!.id)
        .run();

    const res = await call(`/api/admin/tape-chart?from=${from}&nights=5`, { cookie });
    expect(res.status).toBe(200);
    const chart = await json<Chart>(res);
    expect(chart.days).toEqual([0, 1, 2, 3, 4].map((i) => addDays(from, i)));
    const active = await one<{ n: number }>('select count(*) as n from hotel_rooms where retired_at is null');
    expect(chart.rooms).toHaveLength(active!.n);
    expect(chart.rooms.slice(0, 3).map((r) => r.number)).toEqual(['101', '102', '103']);
    expect([...new Set(chart.rooms.map((r) => r.roomType))]).toEqual(['silver', 'gold', 'diamond', 'deluxe']);
    expect(chart.stays.find((s) => s.bookingId === before.id)).toMatchObject({
      roomId: r108.id,
      reference: before.reference,
      status: 'approved',
      firstNight: from,
      lastNight: addDays(from, 1),
      checkedIn: false,
      checkedOut: false,
    });
    expect(chart.stays.find((s) => s.bookingId === inside.id)).toMatchObject({
      roomId: r109.id,
      status: 'confirmed',
      firstNight: addDays(from, 1),
      lastNight: addDays(from, 2),
    });
    expect(chart.blocks.filter((b) => b.roomId === r108.id)).toEqual([
      expect.objectContaining({
        reason: 'Broken AC',
        firstNight: addDays(from, 3),
        lastNight: addDays(from, 4),
      }),
    ]);
    const unassigned = chart.unassigned.map((u) => u.bookingId);
    expect(unassigned).toContain(waiting.id);
    for (const b of [pending, after, before, inside]) expect(unassigned).not.toContain(b.id);

    // Polled: 304 while nothing changed; an assignment changes the answer.
    const etag = res.headers.get('etag')!;
    const again = await call(`/api/admin/tape-chart?from=${from}&nights=5`, {
      cookie,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect((await assignRoom(waiting.id, (await room('205')).id)).status).toBe(200);
    const changed = await call(`/api/admin/tape-chart?from=${from}&nights=5`, {
      cookie,
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect((await json<Chart>(changed)).stays.map((s) => s.bookingId)).toContain(waiting.id);
  });
});

describe('the booking as listed names its room', () => {
  it('staff see the assigned room’s number as typed; the guest only once checked in', async () => {
    const guest = await signUp();
    const { n: address, phone } = nextGuest();
    const made = await call('/api/booking-submissions', {
      method: 'POST',
      cookie: guest.cookie,
      headers: { 'cf-connecting-ip': `10.31.${address % 250}.${Math.floor(address / 250) + 1}` },
      json: {
        fullName: 'Listed Guest',
        phoneNumber: phone,
        idNumber: 'AB1234567',
        roomType: 'silver',
        bedType: 'double',
        smokingPreference: 'non_smoking',
        numberOfGuests: 2,
        checkInDate: hotelToday(),
        checkOutDate: addDays(hotelToday(), 1),
      },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const { booking } = await json<{ booking: { id: number } }>(made);
    const cookie = await staff();
    expect(
      (
        await call(`/api/booking-submissions/${booking.id}/status`, {
          method: 'PATCH',
          cookie,
          json: { status: 'approved' },
        })
      ).status,
    ).toBe(200);
    const target = await room('110');
    expect((await assignRoom(booking.id, target.id)).status).toBe(200);

    const listed = async (who: string) => {
      const res = await call('/api/booking-submissions?limit=500', { cookie: who });
      expect(res.status).toBe(200);
      return (await json<{ id: number; roomNumber: string | null }[]>(res)).find((b) => b.id === booking.id);
    };
    expect((await listed(cookie))?.roomNumber).toBe('110');
    expect((await listed(guest.cookie))?.roomNumber).toBeNull();

    const checkedIn = await call(`/api/booking-submissions/${booking.id}/check-in`, {
      method: 'POST',
      cookie,
      json: { confirmNotClean: true },
    });
    expect(checkedIn.status, await checkedIn.clone().text()).toBe(200);
    expect((await listed(guest.cookie))?.roomNumber).toBe('110');
  });
});

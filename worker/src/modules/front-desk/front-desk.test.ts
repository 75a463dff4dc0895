import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@shared/auth-schemas';
import { hotelInstant } from '@shared/stay-policy';
import { checkIn, checkOut, noShow } from './front-desk-day';
import {
  assign,
  book,
  holdsOf,
  json,
  roomNightsOf,
  roomStatus,
  row,
  setBookingStatus,
  setRoomStatus,
  settleFolio,
  day,
  codeOf,
  errorCode,
} from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * Today at the desk: the day's lists, check-in (from the arrival day, into an
 * assigned room, a room not clean only when confirmed, once), check-out (completed as "complete"
 * does, points once even when two race, the room dirty, an early leave's nights freed) and no-show
 * (only after the arrival day, its nights free for a new booking); staff only, bad input 400.
 */

const db = drizzle(env.DB);
type RoomType = 'silver' | 'gold' | 'diamond' | 'deluxe';

let staff: string;
let staffUser: SessionUser;

beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
  const me = await json<{ user: SessionUser }>(await call('/api/auth/me', { cookie: staff }));
  staffUser = me.user;
});

/** A booking request (by `cookie`'s account, or none), approved by staff unless `pending`. */
async function booking({
  roomType = 'gold',
  from = 0,
  nights = 2,
  cookie,
  pending = false,
  name = 'Salim Al Harthy',
}: {
  roomType?: RoomType;
  from?: number;
  nights?: number;
  cookie?: string;
  pending?: boolean;
  name?: string;
}) {
  const created = await book(
    {
      fullName: name,
      idNumber: 'AB12345678',
      roomType,
      checkInDate: day(from),
      checkOutDate: day(from + nights),
    },
    { cookie },
  );
  if (!pending) await setBookingStatus(created.id, 'approved', { cookie: staff });
  return created;
}

/** A move at the desk; a check-out pays the folio's balance first (settleFolio). */
const desk = async (
  id: number,
  move: 'check-in' | 'check-out' | 'no-show',
  body?: unknown,
  cookie = staff,
) => {
  if (move === 'check-out') await settleFolio(id);
  return call(`/api/booking-submissions/${id}/${move}`, {
    method: 'POST',
    cookie,
    lang: 'en',
    json: move === 'check-in' ? (body ?? {}) : undefined,
  });
};

describe('check-in', () => {
  it('is refused before the arrival day and for a pending request', async () => {
    const tomorrow = await booking({ from: 1 });
    await assign(tomorrow.id, '201');
    const early = await desk(tomorrow.id, 'check-in');
    expect(early.status).toBe(409);
    expect((await codeOf(early)).code).toBe('check_in_too_early');

    const pending = await booking({ from: 0, pending: true });
    const refused = await desk(pending.id, 'check-in');
    expect(refused.status).toBe(409);
    expect((await codeOf(refused)).code).toBe('check_in_status');
    expect((await row(pending.id))!.checked_in_at).toBeNull();
    expect((await row(pending.id))!.room_id).toBeNull();
  });

  it('a stay without a room is checked into the best free room of its type, clean first, in one batch with the assignment', async () => {
    // Deluxe: 4 rooms. The first two by number are taken tonight or dirty; the third is clean.
    const [first, second, third] = ['601', '602', '603'];
    const other = await booking({ from: 0, nights: 1, roomType: 'deluxe', name: 'Other Guest' });
    await assign(other.id, first);
    await setRoomStatus(second, 'dirty');
    await setRoomStatus(third, 'clean');
    const b = await booking({ from: 0, nights: 2, roomType: 'deluxe' });
    const res = await desk(b.id, 'check-in');
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ message: 'Checked in', room: { number: third } });
    const stored = (await row(b.id))!;
    expect(stored.checked_in_at).not.toBeNull();
    expect(stored.room_id).toBe(
      (await env.DB.prepare('select id from hotel_rooms where number = ?')
        .bind(third)
        .first<{ id: number }>())!.id,
    );
    expect(await roomNightsOf(b.id)).toEqual([day(0), day(1)]);
    const lines = await env.DB.prepare(
      'select action from audit_log where entity_type = ? and entity_id = ? order by id',
    )
      .bind('booking', String(b.id))
      .all<{ action: string }>();
    expect(lines.results.map((l) => l.action)).toEqual(
      expect.arrayContaining(['booking.room_assign', 'booking.check_in']),
    );
    await desk(b.id, 'check-out');
    await desk(other.id, 'check-in', { confirmNotClean: true });
    await desk(other.id, 'check-out');
  });

  it('checks into the room staff chose; a room taken or not clean changes nothing until confirmed', async () => {
    const roomOf = async (number: string) =>
      (await env.DB.prepare('select id from hotel_rooms where number = ?')
        .bind(number)
        .first<{ id: number }>())!.id;
    const holder = await booking({ from: 0, nights: 2, roomType: 'diamond', name: 'Room Holder' });
    await assign(holder.id, '505');
    const b = await booking({ from: 0, nights: 2, roomType: 'diamond' });
    const taken = await desk(b.id, 'check-in', { roomId: await roomOf('505') });
    expect(taken.status).toBe(409);
    expect((await codeOf(taken)).code).toBe('room_taken');
    expect(await row(b.id)).toMatchObject({ checked_in_at: null, room_id: null });
    expect(await roomNightsOf(b.id)).toEqual([]);

    await setRoomStatus('506', 'dirty');
    const asked = await desk(b.id, 'check-in', { roomId: await roomOf('506') });
    expect(asked.status).toBe(409);
    expect((await json<{ error: { code: string; room: { number: string } } }>(asked)).error).toMatchObject({
      code: 'room_not_clean',
      room: { number: '506' },
    });
    expect(await row(b.id)).toMatchObject({ checked_in_at: null, room_id: null });
    const done = await desk(b.id, 'check-in', { roomId: await roomOf('506'), confirmNotClean: true });
    expect(done.status).toBe(200);
    expect(await roomNightsOf(b.id)).toEqual([day(0), day(1)]);
    for (const body of [{ roomId: 'x' }, { roomId: -1 }, { roomId: 999_999_999 }]) {
      const bad = await desk(holder.id, 'check-in', body);
      expect([400, 404]).toContain(bad.status);
    }
  });

  it('is confirmed first: the room proposed, the free clean rooms of the type to change it for, the ID details; the room chosen is the one checked into, the ID check audited', async () => {
    type Options = {
      proposed: { id: number; number: string; status: string } | null;
      rooms: { id: number; number: string; status: string }[];
      registration: { fullName: string; idNumber: string; onlineCheckIn: boolean };
    };
    const options = async (id: number, cookie = staff) =>
      call(`/api/booking-submissions/${id}/check-in`, { cookie });
    const b = await booking({ from: 70, nights: 2, roomType: 'silver', name: 'Maryam Al Busaidi' });
    const first = await json<Options>(await options(b.id));
    expect(first.registration).toMatchObject({
      fullName: 'Maryam Al Busaidi',
      idNumber: 'AB12345678',
      onlineCheckIn: false,
    });
    expect(first.proposed).toEqual(first.rooms[0]);
    expect(first.rooms.length).toBeGreaterThan(2);
    expect(first.rooms.every((r) => r.status === 'clean' || r.status === 'inspected')).toBe(true);
    // Another stay takes the proposed room on the second night: it is no longer offered.
    const other = await booking({ from: 71, nights: 1, roomType: 'silver', name: 'Other Guest' });
    await assign(other.id, first.proposed!.number);
    const second = await json<Options>(await options(b.id));
    expect(second.rooms.map((r) => r.id)).not.toContain(first.proposed!.id);
    // Staff change the room and confirm the ID: that room, and the check recorded.
    const chosen = second.rooms[1]!;
    const done = await checkIn(
      db,
      staffUser,
      b.id,
      { roomId: chosen.id, idChecked: true },
      hotelInstant(day(70), '15:00'),
    );
    expect(done.room.id).toBe(chosen.id);
    const audit = await env.DB.prepare(
      "select after from audit_log where action = 'booking.check_in' and entity_id = ?",
    )
      .bind(String(b.id))
      .first<{ after: string }>();
    expect(JSON.parse(audit!.after)).toMatchObject({ room: chosen.number, idChecked: true });
    // Its own room is offered once it has one; staff only.
    expect((await json<Options>(await options(b.id))).proposed?.id).toBe(chosen.id);
    expect((await options(b.id, '')).status).toBe(401);
  });

  it('opens on the arrival day (hotel time) and closes when the check-out day ends', async () => {
    const later = await booking({ from: 6, nights: 2 });
    await assign(later.id, '202');
    const arrivalStart = hotelInstant(day(6), '00:00').getTime();
    expect(await errorCode(() => checkIn(db, staffUser, later.id, {}, new Date(arrivalStart - 1000)))).toBe(
      'check_in_too_early',
    );
    const afterCheckOutDay = hotelInstant(day(9), '00:00').getTime();
    expect(await errorCode(() => checkIn(db, staffUser, later.id, {}, new Date(afterCheckOutDay)))).toBe(
      'check_in_too_late',
    );
    expect(await errorCode(() => checkIn(db, staffUser, later.id, {}, new Date(arrivalStart + 1000)))).toBe(
      'ok',
    );
  });

  it('asks to confirm a room that is not clean, records who and when, and refuses a second check-in', async () => {
    const b = await booking({ from: 0 });
    await assign(b.id, '203');
    await setRoomStatus('203', 'dirty');
    const asked = await desk(b.id, 'check-in');
    expect(asked.status).toBe(409);
    const body = await json<{ error: { code: string; room: { number: string; status: string } } }>(asked);
    expect(body.error.code).toBe('room_not_clean');
    expect(body.error.room).toMatchObject({ number: '203', status: 'dirty' });
    expect((await row(b.id))!.checked_in_at).toBeNull();

    const before = Date.now();
    // Two tablets confirm at once: one checks the guest in.
    const both = await Promise.all([
      desk(b.id, 'check-in', { confirmNotClean: true }),
      desk(b.id, 'check-in', { confirmNotClean: true }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const stored = (await row(b.id))!;
    expect(stored.checked_in_at).toBeGreaterThanOrEqual(before);
    expect(stored.checked_in_by).toBe(staffUser.id);
    const again = await desk(b.id, 'check-in', { confirmNotClean: true });
    expect(again.status).toBe(409);
    expect((await codeOf(again)).code).toBe('already_checked_in');
    const audit = await env.DB.prepare(
      "select count(*) as n from audit_log where action = 'booking.check_in' and entity_id = ?",
    )
      .bind(String(b.id))
      .first<{ n: number }>();
    expect(audit!.n).toBe(1);
  });

  it('checks into a clean or inspected room without asking', async () => {
    const b = await booking({ from: 0, roomType: 'silver' });
    await assign(b.id, '101');
    await setRoomStatus('101', 'inspected');
    const res = await desk(b.id, 'check-in');
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ message: 'Checked in', room: { number: '101' } });
  });
});

describe('check-out', () => {
  it('completes the stay, credits its points once when two check-outs race, and leaves the room dirty', async () => {
    const guest = await signUp('Desk Guest');
    const b = await booking({ from: 0, nights: 2, cookie: guest.cookie });
    await assign(b.id, '204');
    await setRoomStatus('204', 'clean');
    const notIn = await desk(b.id, 'check-out');
    expect(notIn.status).toBe(409);
    expect((await codeOf(notIn)).code).toBe('not_checked_in');
    expect((await desk(b.id, 'check-in')).status).toBe(200);

    const both = await Promise.all([desk(b.id, 'check-out'), desk(b.id, 'check-out')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = await json<{ pointsEarned: number; booking: { status: string } }>(
      both.find((r) => r.status === 200)!,
    );
    expect(won).toMatchObject({ pointsEarned: 10, booking: { status: 'completed' } });
    const stored = (await row(b.id))!;
    expect(stored.status).toBe('completed');
    expect(stored.checked_out_by).toBe(staffUser.id);
    expect(stored.checked_out_at).not.toBeNull();
    const points = await env.DB.prepare(
      `select (select count(*) from point_transactions where booking_id = ?1 and kind = 'earn') as earns,
              (select total_points from user_points where user_email = ?2) as total`,
    )
      .bind(b.id, guest.email)
      .first<{ earns: number; total: number }>();
    expect(points).toEqual({ earns: 1, total: 10 });
    expect(await roomStatus('204')).toBe('dirty');
    // Left on the arrival day: every night in the room and every hold is free again.
    expect(await roomNightsOf(b.id)).toEqual([]);
    expect(await holdsOf(b.id)).toBe(0);
    const again = await desk(b.id, 'check-out');
    expect(again.status).toBe(409);
    expect((await codeOf(again)).code).toBe('already_checked_out');
  });

  it('frees the nights from the check-out day on when the guest leaves early', async () => {
    const b = await booking({ from: 10, nights: 3, roomType: 'diamond' });
    const roomId = await assign(b.id, '503');
    const booked = (await env.DB.prepare('select total_price as total from booking_submissions where id = ?')
      .bind(b.id)
      .first<{ total: number }>())!.total;
    const soldOn = async (night: string) =>
      (await env.DB.prepare('select coalesce(sum(room_nights), 0) as n from rollup_nights where night = ?')
        .bind(night)
        .first<{ n: number }>())!.n;
    const [sold11, sold12] = [await soldOn(day(11)), await soldOn(day(12))];
    await checkIn(db, staffUser, b.id, {}, hotelInstant(day(10), '15:00'));
    await settleFolio(b.id, { now: hotelInstant(day(11), '09:00') });
    await checkOut(db, staffUser, b.id, {}, hotelInstant(day(11), '09:00'));
    expect(await roomNightsOf(b.id)).toEqual([day(10)]);
    // The stay ended that day: its departure and its total are those of the one night stayed, and
    // the nights given up are no longer counted as sold.
    const after = (await env.DB.prepare(
      'select check_out_date as checkOut, total_price as total, status from booking_submissions where id = ?',
    )
      .bind(b.id)
      .first<{ checkOut: string; total: number; status: string }>())!;
    expect(after).toEqual({ checkOut: day(11), total: booked / 3, status: 'completed' });
    expect([await soldOn(day(11)), await soldOn(day(12))]).toEqual([sold11 - 1, sold12 - 1]);
    const line = (await env.DB.prepare(
      "select before, after from audit_log where action = 'booking.check_out' and entity_id = ?",
    )
      .bind(String(b.id))
      .first<{ before: string; after: string }>())!;
    expect(JSON.parse(line.before)).toMatchObject({ checkOutDate: day(13), totalPrice: booked });
    expect(JSON.parse(line.after)).toMatchObject({ checkOutDate: day(11), totalPrice: booked / 3 });
    expect(await holdsOf(b.id)).toBe(0);
    expect(await roomStatus('503')).toBe('dirty');
    // Another stay can have the room from that night on.
    const next = await booking({ from: 11, nights: 2, roomType: 'diamond' });
    expect(await assign(next.id, '503')).toBe(roomId);
    expect(await roomNightsOf(next.id)).toEqual([day(11), day(12)]);
  });
});

describe("the stay's life", () => {
  it('a guest in house is neither cancelled nor completed but by the check-out, by any path; their open requests close with it', async () => {
    const b = await booking({ from: 0, nights: 2, roomType: 'silver' });
    await assign(b.id, '104');
    await setRoomStatus('104', 'clean');
    expect((await desk(b.id, 'check-in')).status).toBe(200);
    const guestRequest = await env.DB.prepare(
      `insert into stay_requests (booking_id, type, note, status, created_at, updated_at)
       values (?, 'towels', 'Two more', 'new', 1, 1) returning id`,
    )
      .bind(b.id)
      .first<{ id: number }>();

    for (const move of ['cancelled', 'completed']) {
      const res = await call(`/api/booking-submissions/${b.id}/status`, {
        method: 'PATCH',
        cookie: staff,
        lang: 'ar',
        json: { status: move },
      });
      expect(res.status, move).toBe(409);
      expect(await codeOf(res)).toEqual({
        code: 'stay_in_house',
        message: 'الضيف مقيم الآن: تنتهي إقامته بتسجيل المغادرة من الاستقبال',
        requestId: expect.any(String),
      });
    }
    const complete = await call(`/api/booking-submissions/${b.id}/complete`, {
      method: 'POST',
      cookie: staff,
    });
    expect(complete.status).toBe(409);
    expect((await codeOf(complete)).code).toBe('stay_in_house');
    // The database refuses it too, whatever path writes it.
    for (const sql of [
      `update booking_submissions set status = 'cancelled' where id = ?`,
      `update booking_submissions set status = 'completed' where id = ?`,
      `update booking_submissions set checked_out_at = 1 where id = ?`,
    ]) {
      await expect(env.DB.prepare(sql).bind(b.id).run(), sql).rejects.toThrow(
        /stay_in_house|stay_state_invalid/,
      );
    }
    expect((await row(b.id))!.status).toBe('approved');
    expect(await roomNightsOf(b.id)).toEqual([day(0), day(1)]);

    expect((await desk(b.id, 'check-out')).status).toBe(200);
    expect(await roomStatus('104')).toBe('dirty');
    const closed = await env.DB.prepare('select status, done_at from stay_requests where id = ?')
      .bind(guestRequest!.id)
      .first<{ status: string; done_at: number }>();
    expect(closed!.status).toBe('done');
    expect(closed!.done_at).toBeGreaterThan(0);
  });

  it('"complete" racing "check-out" ends the same way every time: departed, checked out, the room dirty, no night held', async () => {
    for (let round = 0; round < 4; round++) {
      const b = await booking({ from: 0, nights: 2, roomType: 'diamond' });
      await assign(b.id, '504');
      await setRoomStatus('504', 'clean');
      expect((await desk(b.id, 'check-in')).status).toBe(200);
      const results = await Promise.all([
        call(`/api/booking-submissions/${b.id}/complete`, { method: 'POST', cookie: staff }),
        desk(b.id, 'check-out'),
        call(`/api/booking-submissions/${b.id}/complete`, { method: 'POST', cookie: staff }),
        desk(b.id, 'check-out'),
      ]);
      expect(results.every((r) => r.status < 500)).toBe(true);
      const stored = (await row(b.id))!;
      expect(stored.status).toBe('completed');
      expect(stored.checked_out_at).not.toBeNull();
      expect(await roomStatus('504')).toBe('dirty');
      expect(await roomNightsOf(b.id)).toEqual([]);
      expect(await holdsOf(b.id)).toBe(0);
    }
  });
});

describe('no-show', () => {
  it('only after the arrival day has ended, and not once checked in', async () => {
    const b = await booking({ from: 0, roomType: 'silver' });
    await assign(b.id, '102');
    const early = await desk(b.id, 'no-show');
    expect(early.status).toBe(409);
    expect((await codeOf(early)).code).toBe('no_show_too_early');
    expect(await errorCode(() => noShow(db, staffUser, b.id, hotelInstant(day(0), '23:59')))).toBe(
      'no_show_too_early',
    );
    await setRoomStatus('102', 'clean');
    expect((await desk(b.id, 'check-in')).status).toBe(200);
    expect(await errorCode(() => noShow(db, staffUser, b.id, hotelInstant(day(1), '00:00')))).toBe(
      'no_show_checked_in',
    );
  });

  it('cancels the booking and releases its nights: a new booking can take them', async () => {
    // Fill the deluxe rooms (4) for one night far ahead.
    const full = await Promise.all(
      [1, 2, 3, 4].map(() => booking({ from: 20, nights: 1, roomType: 'deluxe' })),
    );
    await assign(full[0]!.id, '601');
    const refused = await call('/api/booking-submissions', {
      method: 'POST',
      headers: { 'cf-connecting-ip': '10.31.250.1' },
      json: {
        fullName: 'Late Comer',
        phoneNumber: '94299999',
        idNumber: 'XY1234',
        roomType: 'deluxe',
        bedType: 'double',
        smokingPreference: 'non_smoking',
        numberOfGuests: 2,
        checkInDate: day(20),
        checkOutDate: day(21),
      },
    });
    expect(refused.status).toBe(409);

    const cancelled = await noShow(db, staffUser, full[0]!.id, hotelInstant(day(21), '00:00'));
    expect(cancelled).toMatchObject({ status: 'cancelled', statusReason: 'no_show' });
    expect(await roomNightsOf(full[0]!.id)).toEqual([]);
    expect(await holdsOf(full[0]!.id)).toBe(0);

    const taken = await booking({ from: 20, nights: 1, roomType: 'deluxe' });
    expect(await assign(taken.id, '601')).toBeGreaterThan(0);
  });
});

describe('the day at the desk', () => {
  it('lists the arrivals, departures and stays in house of a date, with their rooms', async () => {
    const D = 40;
    const arriving = await booking({ from: D, nights: 2, name: 'Arriving Guest' });
    const leaving = await booking({ from: D - 2, nights: 2, name: 'Leaving Guest' });
    const staying = await booking({ from: D - 1, nights: 2, name: 'Staying Guest' });
    const pending = await booking({ from: D, nights: 1, pending: true, name: 'Pending Guest' });
    await assign(arriving.id, '205');
    await env.DB.prepare("update booking_submissions set departure_time = '15:00' where id = ?")
      .bind(staying.id)
      .run();
    const res = await call(`/api/front-desk?date=${day(D)}`, { cookie: staff });
    expect(res.status).toBe(200);
    type Row = { id: number; room: { number: string; status: string } | null; departureTime: string };
    const body = await json<{ date: string; arrivals: Row[]; departures: Row[]; inHouse: Row[] }>(res);
    const ids = (rows: Row[]) => rows.map((r) => r.id);
    expect(body.date).toBe(day(D));
    expect(ids(body.arrivals)).toEqual([arriving.id]);
    expect(ids(body.arrivals)).not.toContain(pending.id);
    expect(ids(body.departures)).toEqual([leaving.id]);
    expect(ids(body.inHouse).sort()).toEqual([arriving.id, staying.id].sort());
    expect(body.arrivals[0]).toMatchObject({
      fullName: 'Arriving Guest',
      nights: 2,
      numberOfGuests: 2,
      room: { number: '205', status: expect.any(String) },
      checkedInAt: null,
      checkedOutAt: null,
      onlineCheckIn: false,
      departureTime: '12:00',
    });
    expect(body.departures[0]!.room).toBeNull();
    expect(body.inHouse.find((r) => r.id === staying.id)!.departureTime).toBe('15:00');

    // Polled: unchanged -> 304; a check-in elsewhere changes it.
    const idle = await call(`/api/front-desk?date=${day(D)}`, {
      cookie: staff,
      headers: { 'if-none-match': res.headers.get('etag')! },
    });
    expect(idle.status).toBe(304);
  });

  it("carries each stay's adults and children, so the desk's edit starts from them", async () => {
    const D = 44;
    const family = await book({
      fullName: 'Desk Family',
      idNumber: 'AB12345678',
      roomType: 'gold',
      checkInDate: day(D),
      checkOutDate: day(D + 2),
      adults: 2,
      children: 2,
      numberOfGuests: 4,
    });
    await setBookingStatus(family.id, 'approved', { cookie: staff });
    const res = await call(`/api/front-desk?date=${day(D)}`, { cookie: staff });
    expect(res.status).toBe(200);
    type Row = { id: number; numberOfGuests: number; adults: number; children: number };
    const body = await json<{ arrivals: Row[]; inHouse: Row[] }>(res);
    const row = body.arrivals.find((r) => r.id === family.id);
    expect(row).toMatchObject({ numberOfGuests: 4, adults: 2, children: 2 });
    // A booking written before adults and children: all its guests adults.
    await env.DB.prepare('update booking_submissions set adults = null, children = null where id = ?')
      .bind(family.id)
      .run();
    const later = await json<{ arrivals: Row[] }>(
      await call(`/api/front-desk?date=${day(D)}`, { cookie: staff }),
    );
    expect(later.arrivals.find((r) => r.id === family.id)).toMatchObject({
      numberOfGuests: 4,
      adults: 4,
      children: 0,
    });
  });

  it('is for staff only and answers bad input with 400', async () => {
    const guest = await signUp('Curious Guest');
    expect((await call('/api/front-desk')).status).toBe(401);
    expect((await call('/api/front-desk', { cookie: guest.cookie })).status).toBe(403);
    const b = await booking({ from: 0, roomType: 'silver' });
    for (const move of ['check-in', 'check-out', 'no-show'] as const) {
      expect((await desk(b.id, move, undefined, guest.cookie)).status).toBe(403);
      expect(
        (await call(`/api/booking-submissions/${b.id}/${move}`, { method: 'POST', json: {} })).status,
      ).toBe(401);
    }
    const badDate = await call('/api/front-desk?date=2026-13-45', { cookie: staff, lang: 'ar' });
    expect(badDate.status).toBe(400);
    expect((await desk(b.id, 'check-in', { confirmNotClean: 'yes' })).status).toBe(400);
    expect(
      (await call('/api/booking-submissions/abc/check-out', { method: 'POST', cookie: staff })).status,
    ).toBe(400);
    expect((await desk(99_999_999, 'check-out')).status).toBe(404);
  });
});

describe("the guest's booking page", () => {
  it('shows the check-in, the room number and the departure time, then the check-out', async () => {
    const guest = await signUp('Page Guest');
    const b = await booking({ from: 0, cookie: guest.cookie, roomType: 'silver' });
    // A room no other test of the file checks a guest into (one stay in house per room).
    await assign(b.id, '111');
    await setRoomStatus('111', 'clean');
    const page = async () =>
      (
        await json<{ booking: { stay: Record<string, unknown> } }>(
          await call(`/api/bookings/${b.reference}`, { cookie: guest.cookie }),
        )
      ).booking.stay;
    expect(await page()).toEqual({
      roomNumber: null,
      checkedInAt: null,
      checkedOutAt: null,
      departureTime: '12:00',
    });
    expect((await desk(b.id, 'check-in')).status).toBe(200);
    expect(await page()).toMatchObject({
      roomNumber: '111',
      checkedInAt: expect.any(String),
      checkedOutAt: null,
    });
    expect((await desk(b.id, 'check-out')).status).toBe(200);
    expect(await page()).toMatchObject({ roomNumber: '111', checkedOutAt: expect.any(String) });
  });
});

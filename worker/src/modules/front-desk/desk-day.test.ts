import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { stayNights } from '@shared/dates';
import { hotelInstant } from '@shared/stay-policy';
import {
  assign,
  book,
  codeOf,
  day,
  holdsOf,
  json,
  roomIdOf,
  row,
  setBookingStatus,
  setRoomStatus,
  settleFolio,
  staffCookie,
} from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';

/**
 * The desk's day as its names say (docs/decisions/085-the-desk-s-day.md): today, the arrivals are
 * every stay due today (to come, arrived, arrived and gone again), the guests in house are those
 * checked in and not checked out (not the arrivals still to come), the departures are those due
 * out and in house, those past their day, and those who left today (a guest leaving on their first
 * day included); and the OTA bookings the hotel could not place are the desk's own list, placed
 * there once they hold their nights.
 */

let staff: string;
beforeAll(async () => {
  staff = await staffCookie();
});

type DeskRow = {
  id: number;
  fullName: string;
  checkedInAt: number | null;
  checkedOutAt: number | null;
  room: { number: string } | null;
  channelFlag: string | null;
  heldNights: number;
};
type Day = {
  date: string;
  arrivals: DeskRow[];
  departures: DeskRow[];
  inHouse: DeskRow[];
  flagged: DeskRow[];
};

const deskDay = async (date = day(0)) => {
  const res = await call(`/api/front-desk?date=${date}`, { cookie: staff, lang: 'en' });
  expect(res.status).toBe(200);
  return json<Day>(res);
};
const ids = (rows: DeskRow[]) => rows.map((r) => r.id).sort((a, b) => a - b);
const sorted = (...list: number[]) => [...list].sort((a, b) => a - b);

/** An approved request for `nights` from `from` days ahead (by the API). */
async function approved(name: string, roomType: string, from: number, nights: number) {
  const created = await book({
    fullName: name,
    idNumber: 'AB12345678',
    roomType,
    checkInDate: day(from),
    checkOutDate: day(from + nights),
  });
  await setBookingStatus(created.id, 'approved', { cookie: staff });
  return created.id;
}

/** A stay that began before today, in room `number`, checked in on its arrival day (SQL: the API books no past). */
async function pastStay(name: string, number: string, from: number, to: number, status = 'approved') {
  const room = await roomIdOf(number);
  const inserted = await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
       room_type, status, room_id, checked_in_at)
     values (?, ?, '91234567', 'A1234567', ?, ?, 'silver', ?, ?, ?) returning id`,
  )
    .bind(
      `DD${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      name,
      day(from),
      day(to),
      status,
      room,
      status === 'approved' ? hotelInstant(day(from), '14:00').getTime() : null,
    )
    .first<{ id: number }>();
  await env.DB.batch(
    stayNights(day(from), day(to)).map((night) =>
      env.DB.prepare(
        `insert into room_nights (room_id, night, room_type, booking_id) select id, ?, room_type, ? from hotel_rooms where id = ?`,
      ).bind(night, inserted!.id, room),
    ),
  );
  return inserted!.id;
}

const checkIn = (id: number) =>
  call(`/api/booking-submissions/${id}/check-in`, { method: 'POST', cookie: staff, json: {}, lang: 'en' });
async function checkOut(id: number) {
  await settleFolio(id);
  return call(`/api/booking-submissions/${id}/check-out`, { method: 'POST', cookie: staff, json: {} });
}

describe("today's lists", () => {
  it('counts arrivals, guests in house and departures as their names say, before and after a check-out', async () => {
    // Due today: one still to come, one arriving now, one who arrives and leaves on their first day.
    const toCome = await approved('Amal Still To Come', 'gold', 0, 2);
    const arriving = await approved('Badr Arriving', 'gold', 0, 2);
    const dayGuest = await approved('Dana Day Guest', 'gold', 0, 3);
    for (const [id, number] of [
      [arriving, '301'],
      [dayGuest, '302'],
    ] as const) {
      await assign(id, number);
      await setRoomStatus(number, 'clean');
    }
    // In house from before: staying on, due out today, and past their departure day.
    const staying = await pastStay('Hamad Staying On', '101', -1, 2);
    const leaving = await pastStay('Fatma Leaving Today', '102', -2, 0);
    const overdue = await pastStay('Ghalib Past His Day', '103', -3, -1);
    // Due yesterday, never came (a no-show to mark, not a guest in house nor a departure).
    const missing = await pastStay('Ibrahim Never Came', '104', -1, 0, 'confirmed');
    // Due yesterday for three nights, still expected (reinstated, or the day not closed yet): late.
    const late = await pastStay('Jawaher Arriving Late', '106', -1, 2, 'confirmed');
    // A request still pending is nobody's arrival.
    const pending = await book({
      fullName: 'Jamila Pending',
      idNumber: 'AB12345678',
      roomType: 'gold',
      checkInDate: day(0),
      checkOutDate: day(1),
    });

    const before = await deskDay();
    expect(ids(before.arrivals)).toEqual(sorted(late, toCome, arriving, dayGuest));
    // The late one first: it is overdue.
    expect(before.arrivals[0]!.id).toBe(late);
    // Nobody has arrived today yet: in house are only the guests checked in before.
    expect(ids(before.inHouse)).toEqual(sorted(staying, leaving, overdue));
    expect(ids(before.departures)).toEqual(sorted(leaving, overdue));
    for (const list of [before.arrivals, before.inHouse, before.departures]) {
      expect(ids(list)).not.toContain(missing);
      expect(ids(list)).not.toContain(pending.id);
    }

    expect((await checkIn(arriving)).status).toBe(200);
    expect((await checkIn(dayGuest)).status).toBe(200);
    const checkedIn = await deskDay();
    // Arrived: still arrivals of the day (now arrived), and now in house.
    expect(ids(checkedIn.arrivals)).toEqual(sorted(late, toCome, arriving, dayGuest));
    expect(checkedIn.arrivals.find((r) => r.id === arriving)!.checkedInAt).not.toBeNull();
    expect(ids(checkedIn.inHouse)).toEqual(sorted(staying, leaving, overdue, arriving, dayGuest));

    // The day guest leaves on their first day (their stay ends tomorrow, its first night).
    const out = await checkOut(dayGuest);
    expect(out.status, await out.clone().text()).toBe(200);
    expect((await row(dayGuest))!.check_out_date).toBe(day(1));
    const after = await deskDay();
    // The arrivals do not drop: the guest came today. The departures count them: they left today.
    expect(ids(after.arrivals)).toEqual(sorted(late, toCome, arriving, dayGuest));
    expect(after.arrivals.find((r) => r.id === dayGuest)!.checkedOutAt).not.toBeNull();
    expect(ids(after.departures)).toEqual(sorted(leaving, overdue, dayGuest));
    expect(ids(after.inHouse)).toEqual(sorted(staying, leaving, overdue, arriving));

    // A guest due out today leaves: still a departure (done), no longer in house.
    const gone = await checkOut(leaving);
    expect(gone.status, await gone.clone().text()).toBe(200);
    const later = await deskDay();
    expect(ids(later.departures)).toEqual(sorted(leaving, overdue, dayGuest));
    expect(later.departures.find((r) => r.id === leaving)!.checkedOutAt).not.toBeNull();
    expect(ids(later.inHouse)).toEqual(sorted(staying, overdue, arriving));
  });

  it('yesterday, as it was: the arrivals due then, who slept there that night, who left', async () => {
    const first = await pastStay('Khalid Came Yesterday', '105', -1, 1);
    const yesterday = await deskDay(day(-1));
    expect(ids(yesterday.arrivals)).toContain(first);
    // A late arrival is its own day's arrival there, once (the late ones are today's alone).
    expect(yesterday.arrivals.filter((r) => r.fullName === 'Jawaher Arriving Late')).toHaveLength(1);
    expect(ids(yesterday.inHouse)).toContain(first);
    expect(ids(yesterday.departures)).not.toContain(first);
  });
});

/** An OTA booking kept unplaced, as the channel manager leaves it: confirmed, flagged, no holds. */
async function flaggedBooking(roomType: string, from: number, nights: number, flag = 'overbooked') {
  const inserted = await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
       room_type, status, source, channel_reference, channel_booking_id, channel_flag, booking_type, segment)
     values (?, 'Layla From The OTA', '91234567', '', ?, ?, ?, 'confirmed', 'booking.com', ?, ?, ?, 'channel', 'ota')
     returning id`,
  )
    .bind(
      `OT${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      day(from),
      day(from + nights),
      roomType,
      `BDC-${crypto.randomUUID().slice(0, 4)}`,
      crypto.randomUUID(),
      flag,
    )
    .first<{ id: number }>();
  return inserted!.id;
}

const place = (id: number, cookie = staff) =>
  call(`/api/booking-submissions/${id}/place`, { method: 'POST', cookie, json: {}, lang: 'en' });

describe('the OTA bookings to place', () => {
  it('are listed on the desk whatever their dates, and placed once their nights can be held', async () => {
    // Deluxe: 4 rooms, all sold on day 20.
    const sold = [];
    for (let i = 0; i < 4; i++) sold.push(await approved(`Deluxe Guest ${i}`, 'deluxe', 20, 1));
    const ota = await flaggedBooking('deluxe', 20, 2);
    const listed = (await deskDay()).flagged.find((r) => r.id === ota);
    expect(listed).toMatchObject({ channelFlag: 'overbooked', heldNights: 0 });

    // Still sold out: refused, nothing changes.
    const refused = await place(ota);
    expect(refused.status).toBe(409);
    expect((await codeOf(refused)).code).toBe('channel_still_no_room');
    expect((await row(ota))!.channel_flag).toBe('overbooked');
    expect(await holdsOf(ota)).toBe(0);

    // A room frees up: placed, its two nights held, off the desk's list; only once.
    await setBookingStatus(sold[0]!, 'cancelled', { cookie: staff });
    const placed = await place(ota);
    expect(placed.status, await placed.clone().text()).toBe(200);
    expect(await json(placed)).toMatchObject({ message: 'The OTA booking is placed: its nights are held' });
    expect((await row(ota))!.channel_flag).toBeNull();
    expect(await holdsOf(ota)).toBe(2);
    expect((await deskDay()).flagged.map((r) => r.id)).not.toContain(ota);
    const again = await place(ota);
    expect(again.status).toBe(409);
    expect((await codeOf(again)).code).toBe('channel_flag_cleared');
    const audit = await env.DB.prepare(
      `select action from audit_log where entity_type = 'booking' and entity_id = ? and action = 'booking.channel_placed'`,
    )
      .bind(String(ota))
      .all();
    expect(audit.results).toHaveLength(1);
  });

  it('a stay of a type the hotel does not have is moved first; one holding its nights keeps them', async () => {
    const unmapped = await flaggedBooking('penthouse', 22, 1, 'unmapped');
    const refused = await place(unmapped);
    expect(refused.status).toBe(409);
    expect((await codeOf(refused)).code).toBe('channel_flag_room_type');
    // Staff moved it to gold already (its holds taken by the edit): placing keeps them as they are.
    await env.DB.prepare(`update booking_submissions set room_type = 'gold' where id = ?`)
      .bind(unmapped)
      .run();
    await env.DB.prepare(
      `insert into booking_nights (booking_id, night, room_type, bed_type, smoking_type) values (?, ?, 'silver', null, null)`,
    )
      .bind(unmapped, day(22))
      .run();
    const placed = await place(unmapped);
    expect(placed.status).toBe(200);
    const holds = await env.DB.prepare('select room_type from booking_nights where booking_id = ?')
      .bind(unmapped)
      .all<{ room_type: string }>();
    expect(holds.results).toEqual([{ room_type: 'silver' }]);
  });

  it('a room given to a stay that holds no night takes its holds, or is refused while sold out', async () => {
    const sold = [];
    for (let i = 0; i < 4; i++) sold.push(await approved(`Deluxe Full ${i}`, 'deluxe', 25, 1));
    const ota = await flaggedBooking('deluxe', 25, 1);
    const roomId = await roomIdOf('604');
    const assignTo = () =>
      call(`/api/booking-submissions/${ota}/room`, { method: 'PUT', cookie: staff, json: { roomId } });
    const full = await assignTo();
    expect(full.status, await full.clone().text()).toBe(409);
    expect((await codeOf(full)).code).toBe('channel_still_no_room');
    expect(await holdsOf(ota)).toBe(0);
    await setBookingStatus(sold[0]!, 'cancelled', { cookie: staff });
    const given = await assignTo();
    expect(given.status, await given.clone().text()).toBe(200);
    expect(await holdsOf(ota)).toBe(1);
  });

  it('staff only: a guest is refused, an unknown booking is not found', async () => {
    const ota = await flaggedBooking('gold', 30, 1);
    const guest = await signUp('Curious Guest');
    expect((await place(ota, guest.cookie)).status).toBe(403);
    expect((await call(`/api/booking-submissions/${ota}/place`, { method: 'POST', json: {} })).status).toBe(
      401,
    );
    expect((await place(99_999_999)).status).toBe(404);
    expect(
      (await call('/api/booking-submissions/abc/place', { method: 'POST', cookie: staff, json: {} })).status,
    ).toBe(400);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import {
  addRoomType,
  adminCookie,
  book,
  day,
  familySuite as familySuiteType,
  json,
  setBookingStatus,
  staffCookie,
} from '@worker-test/builders';
import { call } from '@worker-test/helpers';

/**
 * Numbered rooms of a room type an admin adds at run time: an admin numbers them, guests see
 * them in the room list, the desk assigns one on the tape chart (the type after the spec's four,
 * in the catalogue's order) and housekeeping lists it; a code the hotel has no type of is refused.
 */

type Room = { id: number; number: string; roomType: string };
type Refusal = { error: { code: string; fields?: Record<string, string> } };

let admin = '';
let staff = '';
beforeAll(async () => {
  admin = await adminCookie();
  staff = await staffCookie();
  await addRoomType(familySuiteType(), admin);
});

const addRoom = (number: string, roomType: string) =>
  call('/api/admin/rooms', { method: 'POST', cookie: admin, json: { number, roomType, floor: 9 } });

describe('numbered rooms of a room type added at run time', () => {
  it('are numbered by an admin and listed to guests; an unknown code is refused as before', async () => {
    for (const number of ['901', '902']) {
      const res = await addRoom(number, 'family-suite');
      expect(res.status, await res.clone().text()).toBe(201);
      expect((await json<{ room: Room }>(res)).room).toMatchObject({ number, roomType: 'family-suite' });
    }
    const unknown = await addRoom('903', 'penthouse');
    expect(unknown.status).toBe(400);
    expect((await json<Refusal>(unknown)).error.fields).toHaveProperty('roomType');

    const list = await json<{ rooms: { number: string; available: boolean }[] }>(
      await call('/api/room-list?roomType=family-suite'),
    );
    expect(list.rooms.map((r) => [r.number, r.available])).toEqual([
      ['901', true],
      ['902', true],
    ]);
    expect((await call('/api/room-list?roomType=penthouse')).status).toBe(400);
  });

  it('come after the spec types on the tape chart, take a stay of their type, and are on the housekeeping board', async () => {
    const from = day(30);
    const booking = await book({
      roomType: 'family-suite',
      checkInDate: from,
      checkOutDate: day(32),
      numberOfGuests: 2,
    });
    await setBookingStatus(booking.id, 'approved', { cookie: staff });

    const chart = await json<{ rooms: Room[]; unassigned: { bookingId: number; roomType: string }[] }>(
      await call(`/api/admin/tape-chart?from=${from}&nights=3`, { cookie: staff }),
    );
    const types = [...new Set(chart.rooms.map((r) => r.roomType))];
    expect(types).toEqual(['silver', 'gold', 'diamond', 'deluxe', 'family-suite']);
    expect(chart.rooms.slice(-2).map((r) => r.number)).toEqual(['901', '902']);
    expect(chart.unassigned.find((b) => b.bookingId === booking.id)).toMatchObject({
      roomType: 'family-suite',
    });

    const room901 = chart.rooms.find((r) => r.number === '901')!;
    const assigned = await call('/api/admin/room-assignments', {
      method: 'POST',
      cookie: staff,
      json: { assignments: [{ bookingId: booking.id, roomId: room901.id }] },
    });
    expect(assigned.status, await assigned.clone().text()).toBe(200);
    const after = await json<{ stays: { bookingId: number; roomId: number; roomType: string }[] }>(
      await call(`/api/admin/tape-chart?from=${from}&nights=3`, { cookie: staff }),
    );
    expect(after.stays.find((s) => s.bookingId === booking.id)).toMatchObject({
      roomId: room901.id,
      roomType: 'family-suite',
    });

    const board = await json<{ floors: { floor: number; rooms: Room[] }[] }>(
      await call('/api/admin/housekeeping', { cookie: staff }),
    );
    expect(board.floors.find((f) => f.floor === 9)!.rooms.map((r) => [r.number, r.roomType])).toEqual([
      ['901', 'family-suite'],
      ['902', 'family-suite'],
    ]);
  });
});

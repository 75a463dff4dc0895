import { env } from 'cloudflare:workers';
import { addDays, hotelToday } from '@shared/dates';
import { book, one, rows, setBookingStatus, staffCookie } from './builders';
import { call } from './helpers';

/**
 * The room assignment's tests' shared parts (room-assignment and room-suggestion): stays of the
 * file's own nights, the hotel's rooms by number, an assignment as the desk asks for it, the
 * room nights a stay holds, and a fault planted in a table until the test ends.
 */

type Json = Record<string, unknown>;

const planted: string[] = [];
/** Makes every INSERT on `table` fail with "injected fault" until the test ends (`dropFaults`). */
export async function failOn(table: string) {
  const name = `inject_${table}_insert`;
  await env.DB.prepare(
    `CREATE TRIGGER ${name} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'injected fault'); END`,
  ).run();
  planted.push(name);
}
/** Drops the faults `failOn` planted: each file runs it after each test. */
export async function dropFaults() {
  while (planted.length) await env.DB.prepare(`DROP TRIGGER IF EXISTS ${planted.pop()}`).run();
}

/** A stretch of nights of its own for each test (the file's tests share one database). */
let day = 300;
export const freshDay = () => addDays(hotelToday(), (day += 10));

let phone = 94_200_000;
let address = 0;
/** The file's next guest: a number of its own (for its name or address) and a phone of its own. */
export function nextGuest() {
  address += 1;
  return { n: address, phone: String((phone += 1)) };
}

/** A booking of `roomType` from `checkInDate`, moved by staff to `status` (approved unless told). */
export async function booking(
  roomType: string,
  checkInDate: string,
  nights = 1,
  status: 'approved' | 'confirmed' | 'pending' | 'cancelled' = 'approved',
) {
  const { n, phone } = nextGuest();
  const made = await book({
    fullName: `Guest ${n}`,
    phoneNumber: phone,
    idNumber: 'AB1234567',
    roomType,
    checkInDate,
    checkOutDate: addDays(checkInDate, nights),
  });
  // Confirmed is reached through approved, as staff do.
  for (const step of status === 'pending'
    ? []
    : status === 'confirmed'
      ? ['approved', 'confirmed']
      : [status]) {
    await setBookingStatus(made.id, step);
  }
  return made;
}

/** The hotel room `number`: its id and status. */
export const room = (number: string) =>
  one<{ id: number; status: string }>('select id, status from hotel_rooms where number = ?', number).then(
    (r) => r!,
  );

/** PUT /api/booking-submissions/:id/room as the desk (or `cookie`) sends it. */
export const assignRoom = async (bookingId: number, roomId: number, extra: Json = {}, cookie?: string) =>
  call(`/api/booking-submissions/${bookingId}/room`, {
    method: 'PUT',
    cookie: cookie ?? (await staffCookie()),
    json: { roomId, ...extra },
  });

/** The room nights a booking holds, night by night. */
export const nightsOf = (bookingId: number) =>
  rows<{ room_id: number; night: string }>(
    'select room_id, night from room_nights where booking_id = ? order by night',
    bookingId,
  );

/** The room a booking's row names (null when unassigned). */
export const roomOfBooking = (bookingId: number) =>
  one<{ room_id: number | null }>('select room_id from booking_submissions where id = ?', bookingId).then(
    (r) => r!.room_id,
  );

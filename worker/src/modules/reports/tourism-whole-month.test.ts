import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { DayCloseReport } from '@shared/day-close';
import type { TourismReturn } from '@shared/registration-schemas';
import { hotelInstant } from '@shared/stay-policy';
import { closedDay, json, roomIdOf, rows, SEEDED, uniquePhone } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';
import { patchGuest, profileIdOf } from '@worker-test/guest-profiles';

/**
 * The monthly tourism return of a whole month (docs/decisions/093): every day of last month closed,
 * its first to its last, with a stay on its first nights, one whose only night is the month's last
 * and one across the month's end. The return counts every day, the last one included: all its
 * closes (complete), their rooms, revenue and guest nights, each stay's guests in their group, and
 * of the stay across the end only its nights within the month. (tourism-return.test.ts closes the
 * two days before today; a month's last day is only ever reached by a month closed whole.)
 */

/** The last day of last month, and its month. */
const last = addDays(`${hotelToday().slice(0, 7)}-01`, -1);
const month = last.slice(0, 7);
const first = `${month}-01`;
const daysInMonth = Number(last.slice(8));

let manager: string;
const reports: DayCloseReport[] = [];
const stays: Record<string, number> = {};

/** A stay in `room` checked in on its arrival day, `guests` adults at 20.000 a night, its guest of `nationality`. */
async function stay(room: string, checkIn: string, checkOut: string, guests: number, nationality: string) {
  const nights = Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
  const prices = new Array<number>(nights).fill(20_000);
  const row = await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
       room_type, status, room_id, checked_in_at, total_price, night_prices, number_of_guests, adults, children)
     values (?, ?, ?, 'A1234567', ?, ?, 'gold', 'approved', ?, ?, ?, ?, ?, ?, 0) returning id`,
  )
    .bind(
      `TM${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      `Guest of ${nationality}`,
      uniquePhone(),
      checkIn,
      checkOut,
      await roomIdOf(room),
      hotelInstant(checkIn, '14:00').getTime(),
      prices.reduce((a, b) => a + b, 0),
      JSON.stringify(prices),
      guests,
      guests,
    )
    .first<{ id: number }>();
  const res = await patchGuest(await profileIdOf(row!.id), { nationality });
  expect(res.status).toBe(200);
  return row!.id;
}

beforeAll(async () => {
  manager = (await logIn(SEEDED.manager.email, SEEDED.manager.password)).cookie;
  // Two Omani guests the month's first two nights; three Kuwaiti guests its last night alone; two
  // Germans its last two nights and the first of the next month.
  stays.opening = await stay('301', first, addDays(first, 2), 2, 'OM');
  stays.lastNight = await stay('302', last, addDays(last, 1), 3, 'KW');
  stays.acrossEnd = await stay('303', addDays(last, -1), addDays(last, 2), 2, 'DE');
  // The month closed day by day, as the cron closes it (the file's first close is its first day).
  for (let d = first; d <= last; d = addDays(d, 1)) reports.push(await closedDay<DayCloseReport>(d, manager));
}, 120_000);

describe('the tourism return of a month closed whole', () => {
  it('counts every day to the last: all its closes, their rooms and revenue, and the last night’s guests', async () => {
    const res = await call(`/api/admin/reports/tourism-return?month=${month}`, {
      cookie: manager,
      lang: 'en',
    });
    expect(res.status).toBe(200);
    const r = await json<TourismReturn>(res);
    expect(r).toMatchObject({ month, days: daysInMonth, closedDays: daysInMonth, complete: true });
    // The closes of the month, the last day's among them.
    expect(reports.map((c) => c.date)).toHaveLength(daysInMonth);
    expect(reports.at(-1)!.date).toBe(last);
    expect(reports.at(-1)!.roomsSold).toBe(2);
    expect(r.roomsSold).toBe(reports.reduce((a, c) => a + c.roomsSold, 0));
    expect(r.roomsSold).toBe(2 + 1 + 2);
    expect(r.roomsAvailable).toBe(reports.reduce((a, c) => a + c.roomsForSale, 0));
    expect(r.roomRevenueBaisa).toBe(reports.reduce((a, c) => a + (c.revenueBaisa.room ?? 0), 0));
    // Each stay's guests in their group: the Kuwaitis' one night is the month's last; of the
    // Germans' stay, the two nights within the month (its arrival is in it).
    const group = (g: string) => r.groups.find((x) => x.group === g);
    expect(group('omani')).toMatchObject({ arrivals: 2, guestNights: 2 * 2 });
    expect(group('gcc')).toMatchObject({ arrivals: 3, guestNights: 3 });
    expect(group('european')).toMatchObject({ arrivals: 2, guestNights: 2 * 2 });
    expect(r).toMatchObject({ arrivals: 2 + 3 + 2, guestNights: 4 + 3 + 4 });
    expect(r.unknownNationality).toEqual([]);
    // The stored guest nights of the last day are the ones counted.
    const lastDay = await rows<{ bookingId: number; guestNights: number }>(
      'select booking_id as bookingId, guest_nights as guestNights from day_close_guest_nights where close_date = ? order by booking_id',
      last,
    );
    expect(lastDay).toEqual([
      { bookingId: stays.lastNight, guestNights: 3 },
      { bookingId: stays.acrossEnd, guestNights: 2 },
    ]);
  });

  it('the next month, its first day not closed, is not complete and counts nothing of the month before', async () => {
    const next = addDays(last, 1).slice(0, 7);
    const r = await json<TourismReturn>(
      await call(`/api/admin/reports/tourism-return?month=${next}`, { cookie: manager, lang: 'en' }),
    );
    expect(r).toMatchObject({ month: next, closedDays: 0, complete: false, roomsSold: 0, guestNights: 0 });
  });
});

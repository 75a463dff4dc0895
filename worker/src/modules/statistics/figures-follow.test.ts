import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { statisticsDashboard } from './dashboard';
import { book, setBookingStatus, settleFolio, day } from '@worker-test/builders';
import { call, logIn } from '@worker-test/helpers';

/**
 * The hotel's figures follow the desk the same day: a stay in house extended by staff sells
 * one more room-night, a guest leaving early gives the nights after tonight back, and tonight's
 * occupancy, ADR and RevPAR say so at once (they are read from the bookings, not kept aside).
 */

const db = drizzle(env.DB);
let staff: string;

beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
});

/** Room-nights sold on each of the next `count` nights, from the dashboard's occupancy series. */
async function soldNights(count = 4) {
  const dashboard = await statisticsDashboard(db, { now: new Date() });
  return dashboard.occupancySeries.slice(0, count).map((n) => n.soldRoomNights);
}

async function post(path: string, body: unknown = {}) {
  const res = await call(path, { method: 'POST', cookie: staff, json: body });
  expect(res.status, await res.clone().text()).toBe(200);
  return res;
}

describe('occupancy follows an extension and an early departure the same day', () => {
  it('an extension of a stay in house sells its new night; an early check-out releases the rest', async () => {
    // Two stays in house from tonight: one for two nights, one for three.
    const extended = await book({
      fullName: 'Salim Al Harthy',
      roomType: 'gold',
      checkInDate: day(0),
      checkOutDate: day(2),
    });
    const leaving = await book({
      fullName: 'Maryam Al Balushi',
      roomType: 'gold',
      checkInDate: day(0),
      checkOutDate: day(3),
    });
    for (const b of [extended, leaving]) {
      await setBookingStatus(b.id, 'approved', { cookie: staff });
      await setBookingStatus(b.id, 'confirmed', { cookie: staff });
    }
    const before = await soldNights();
    for (const b of [extended, leaving]) {
      await post(`/api/booking-submissions/${b.id}/check-in`, { confirmNotClean: true });
    }
    expect(await soldNights()).toEqual(before);

    // Staff extend the first stay by a night: the night of day 2 is sold.
    const res = await call(`/api/admin/booking-submissions/${extended.id}`, {
      method: 'PATCH',
      cookie: staff,
      json: { checkOutDate: day(3) },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await soldNights()).toEqual([before[0]!, before[1]!, before[2]! + 1, before[3]!]);

    // The second guest leaves today, after tonight: the nights of days 1 and 2 go back on sale.
    await settleFolio(leaving.id);
    await post(`/api/booking-submissions/${leaving.id}/check-out`);
    const row = await env.DB.prepare('select check_out_date from booking_submissions where id = ?')
      .bind(leaving.id)
      .first<{ check_out_date: string }>();
    expect(row!.check_out_date).toBe(day(1));
    expect(await soldNights()).toEqual([before[0]!, before[1]! - 1, before[2]!, before[3]!]);
  });
});

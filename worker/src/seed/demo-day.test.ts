import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { seedDemoDay } from './demo-day';

/**
 * `npm start`'s demo day (worker/src/seed/demo-day.ts) priced as the hotel sells its rooms: each
 * stay has nightly prices and their total, and its folio is what the desk and the day close would
 * have left (the nights before today charged to the stays checked in; the stays checked out paid);
 * a second run changes nothing, and a demo stay seeded before prices takes them.
 */
type Stay = {
  id: number;
  room: string;
  checkInDate: string;
  checkOutDate: string;
  totalPrice: number | null;
  nightPrices: string | null;
  checkedIn: number;
  checkedOut: number;
  balance: number;
};

const today = hotelToday();
const stays = async () =>
  (
    await env.DB.prepare(
      `select b.id, r.number as room, b.check_in_date as checkInDate, b.check_out_date as checkOutDate,
         b.total_price as totalPrice, b.night_prices as nightPrices, b.checked_in_at is not null as checkedIn,
         b.checked_out_at is not null as checkedOut, b.folio_balance_baisa as balance
       from booking_submissions b join hotel_rooms r on r.id = b.room_id
       where b.reference like 'HK%' order by b.id`,
    ).all<Stay>()
  ).results;
const lines = async (bookingId: number) =>
  (
    await env.DB.prepare(
      'select kind, night, amount_baisa as amount, method from folio_lines where booking_id = ? order by id',
    )
      .bind(bookingId)
      .all<{ kind: string; night: string | null; amount: number; method: string | null }>()
  ).results;
const count = async (table: string) =>
  (await env.DB.prepare(`select count(*) as n from ${table}`).first<{ n: number }>())!.n;
const nights = (s: Stay) => Math.round((Date.parse(s.checkOutDate) - Date.parse(s.checkInDate)) / 86_400_000);

beforeAll(async () => {
  await seedDemoDay(drizzle(env.DB));
});

describe('the demo day’s stays', () => {
  it('each has the standard plan’s nightly prices and their total', async () => {
    const all = await stays();
    expect(all).toHaveLength(7);
    for (const stay of all) {
      const prices = JSON.parse(stay.nightPrices ?? 'null') as number[] | null;
      expect(prices, `stay in ${stay.room}`).toHaveLength(nights(stay));
      expect(prices!.every((p) => p > 0)).toBe(true);
      expect(stay.totalPrice).toBe(prices!.reduce((a, b) => a + b, 0));
    }
  });

  it('a stay checked out has its nights charged and paid: nothing owed', async () => {
    const gone = (await stays()).filter((s) => s.checkedOut);
    expect(gone.map((s) => s.room)).toEqual(['101', '103']);
    for (const stay of gone) {
      const folio = await lines(stay.id);
      const charged = folio.filter((l) => l.kind === 'charge');
      expect(charged.map((l) => l.night)).toEqual(
        Array.from({ length: nights(stay) }, (_, i) => addDays(stay.checkInDate, i)),
      );
      expect(charged.reduce((sum, l) => sum + l.amount, 0)).toBe(stay.totalPrice);
      expect(folio.filter((l) => l.kind === 'payment')).toEqual([
        { kind: 'payment', night: null, amount: stay.totalPrice, method: 'cash' },
      ]);
      expect(stay.balance).toBe(0);
    }
  });

  it('a stay in house owes the nights before today, as the day close posts them; an arrival nothing', async () => {
    const inHouse = (await stays()).filter((s) => s.checkedIn && !s.checkedOut);
    expect(inHouse.map((s) => s.room).sort()).toEqual(['102', '104', '105', '201']);
    for (const stay of inHouse) {
      const prices = JSON.parse(stay.nightPrices!) as number[];
      const past = prices.filter((_, i) => addDays(stay.checkInDate, i) < today);
      const folio = await lines(stay.id);
      expect(folio.map((l) => l.night)).toEqual(past.map((_, i) => addDays(stay.checkInDate, i)));
      expect(stay.balance).toBe(past.reduce((a, b) => a + b, 0));
      expect(stay.balance).toBeGreaterThan(0);
    }
    const arriving = (await stays()).find((s) => !s.checkedIn)!;
    expect(arriving.room).toBe('103');
    expect(await lines(arriving.id)).toEqual([]);
  });

  it('a second start the same day adds nothing; a demo stay seeded without prices takes them', async () => {
    const before = [await count('booking_submissions'), await count('folio_lines')];
    await seedDemoDay(drizzle(env.DB));
    expect([await count('booking_submissions'), await count('folio_lines')]).toEqual(before);
    // As the demo seeded before it had prices left today's arrival.
    const arriving = (await stays()).find((s) => !s.checkedIn)!;
    await env.DB.prepare(
      'update booking_submissions set total_price = null, night_prices = null where id = ?',
    )
      .bind(arriving.id)
      .run();
    await seedDemoDay(drizzle(env.DB));
    const again = (await stays()).find((s) => s.id === arriving.id)!;
    expect(again.totalPrice).toBe(arriving.totalPrice);
    expect(again.nightPrices).toBe(arriving.nightPrices);
    expect([await count('booking_submissions'), await count('folio_lines')]).toEqual(before);
  });
});

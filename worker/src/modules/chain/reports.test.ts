import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { DayCloseReport } from '@shared/day-close';
import { hotelInstant } from '@shared/stay-policy';
import { json } from '@worker-test/builders';
import { logIn } from '@worker-test/helpers';
import { atHotel, databaseOf, MUSCAT, pushAll, SALALAH, setUpSalalah, staffAt } from '@worker-test/chain';

/**
 * The chain's flash (docs/decisions/103, "Closed days and the chain's reports"): each hotel closes
 * its own day; the close's report reaches the chain's database by the hotel's push; the flash shows
 * each hotel's figures as its close stored them and the total as their sums to the baisa, ratios
 * computed from the sums.
 */

beforeAll(setUpSalalah);

const T = hotelToday();
const D = addDays(T, -1);

/** A stay in house over D at a hotel (as the desk leaves it), its nights priced `price`. */
async function inHouse(code: string, price: number, name: string) {
  const db = databaseOf(code);
  const room = await db
    .prepare(
      "select id from hotel_rooms where room_type = 'silver' and retired_at is null order by id limit 1",
    )
    .first<{ id: number }>();
  const checkIn = addDays(T, -2);
  await db
    .prepare(
      `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
         room_type, status, room_id, checked_in_at, total_price, night_prices, is_points_booking)
       values (?, ?, '91234567', 'A1234567', ?, ?, 'silver', 'approved', ?, ?, ?, ?, 0)`,
    )
    .bind(
      `CH${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      name,
      checkIn,
      addDays(T, 2),
      room!.id,
      hotelInstant(checkIn, '14:00').getTime(),
      price * 4,
      JSON.stringify([price, price, price, price]),
    )
    .run();
}

describe('GET /api/admin/chain/flash', () => {
  it('is each hotel’s closed day as it stored it, and the total their sums to the baisa', async () => {
    await inHouse(MUSCAT, 23_450, 'Muscat Stay');
    await inHouse(SALALAH, 31_777, 'Salalah Stay');
    const reports: Record<string, DayCloseReport> = {};
    for (const code of [MUSCAT, SALALAH]) {
      const manager = await staffAt(code, { role: 'manager' });
      const closed = await atHotel(code, '/api/admin/day-close', {
        method: 'POST',
        cookie: manager.cookie,
        json: { date: D },
      });
      expect(closed.status, await closed.clone().text()).toBe(200);
      reports[code] = await json<DayCloseReport>(
        await atHotel(code, `/api/admin/day-close/${D}`, { cookie: manager.cookie }),
      );
    }
    // Both closes posted a night: the figures differ by hotel.
    expect(reports[MUSCAT]!.roomsSold).toBeGreaterThan(0);
    expect(reports[SALALAH]!.revenueBaisa.room).not.toBe(reports[MUSCAT]!.revenueBaisa.room);
    await pushAll();

    const admin = await logIn('admin@example.com', 'change-me-admin');
    const res = await atHotel(MUSCAT, `/api/admin/chain/flash?date=${D}`, { cookie: admin.cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    type Figures = Pick<
      DayCloseReport,
      'revenueBaisa' | 'taxesBaisa' | 'paymentsBaisa' | 'refundsBaisa' | 'roomsSold' | 'roomsForSale'
    > & { adrBaisa: number; occupancy: number | null; totalRevenueBaisa: number };
    const flash = await json<{
      hotels: (Figures & { hotel: { code: string }; closedDays: number })[];
      total: Figures & { closedDays: number };
    }>(res);
    expect(flash.hotels.map((h) => [h.hotel.code, h.closedDays])).toEqual([
      [MUSCAT, 1],
      [SALALAH, 1],
    ]);
    const sumOf = (key: 'revenueBaisa' | 'taxesBaisa' | 'paymentsBaisa' | 'refundsBaisa') => {
      const out: Record<string, number> = {};
      for (const r of Object.values(reports))
        for (const [k, v] of Object.entries(r[key])) out[k] = (out[k] ?? 0) + v;
      return out;
    };
    for (const code of [MUSCAT, SALALAH]) {
      const row = flash.hotels.find((h) => h.hotel.code === code)!;
      const own = reports[code]!;
      expect(row).toMatchObject({
        revenueBaisa: own.revenueBaisa,
        taxesBaisa: own.taxesBaisa,
        roomsSold: own.roomsSold,
        roomsForSale: own.roomsForSale,
        adrBaisa: own.adrBaisa,
      });
    }
    expect(flash.total).toMatchObject({
      revenueBaisa: sumOf('revenueBaisa'),
      taxesBaisa: sumOf('taxesBaisa'),
      paymentsBaisa: sumOf('paymentsBaisa'),
      refundsBaisa: sumOf('refundsBaisa'),
      roomsSold: reports[MUSCAT]!.roomsSold + reports[SALALAH]!.roomsSold,
      roomsForSale: reports[MUSCAT]!.roomsForSale + reports[SALALAH]!.roomsForSale,
      closedDays: 2,
    });
    const total = Object.values(flash.total.revenueBaisa).reduce((a, b) => a + b, 0);
    expect(flash.total.totalRevenueBaisa).toBe(total);
    expect(flash.total.occupancy).toBeCloseTo(flash.total.roomsSold / flash.total.roomsForSale, 10);

    // The push is idempotent: again, the same flash.
    await pushAll();
    const again = await atHotel(MUSCAT, `/api/admin/chain/flash?date=${D}`, { cookie: admin.cookie });
    expect((await json<typeof flash>(again)).total).toEqual(flash.total);
  });

  it('shows a day not closed as none closed, and refuses a malformed date or month in the language asked', async () => {
    const admin = await logIn('admin@example.com', 'change-me-admin');
    const open = await json<{ hotels: { closedDays: number }[]; total: { closedDays: number } }>(
      await atHotel(MUSCAT, `/api/admin/chain/flash?date=${addDays(T, -30)}`, { cookie: admin.cookie }),
    );
    expect(open.total.closedDays).toBe(0);
    for (const path of [
      '/api/admin/chain/flash?date=yesterday',
      '/api/admin/chain/flash',
      '/api/admin/chain/month?month=2026-13',
      `/api/admin/chain/month?month=${'1'.repeat(3000)}`,
    ]) {
      const res = await atHotel(MUSCAT, path, { cookie: admin.cookie, lang: 'en' });
      expect(res.status, path).toBe(400);
    }
    const ar = await atHotel(MUSCAT, '/api/admin/chain/month?month=2026-13', {
      cookie: admin.cookie,
      lang: 'ar',
    });
    expect(JSON.stringify(await ar.json())).toContain('اختر شهراً صحيحاً');
    expect((await atHotel(MUSCAT, '/api/admin/chain/flash?date=2026-01-01')).status).toBe(401);
  });
});

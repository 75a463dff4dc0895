import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '../../shared/src/dates';
import { OMAN_DEFAULT_TAXES } from '../../shared/src/taxes';
import {
  businessDateQuery,
  chargeLineValues,
  postedNightSet,
  postedNightsQuery,
  roomNightStatements,
} from '../src/modules/folio';
import { stayInRoom } from './builders';

/**
 * The folio (decision 067): posting room nights and charges through the tax rule, on the open
 * business date, each night once.
 */

const db = drizzle(env.DB);
const day = (offset: number) => addDays(hotelToday(), offset);
const inclusive = { pricesIncludeTaxes: true, taxes: OMAN_DEFAULT_TAXES };

/** A stay in room `number` with its nightly prices (baisa), as a booking row. */
async function pricedStay(number: string, from: number, nightPrices: number[], points = false) {
  const id = await stayInRoom(number, day(from), day(from + nightPrices.length));
  await env.DB.prepare(
    'update booking_submissions set total_price = ?, night_prices = ?, is_points_booking = ? where id = ?',
  )
    .bind(
      nightPrices.reduce((a, b) => a + b, 0),
      JSON.stringify(nightPrices),
      points ? 1 : 0,
      id,
    )
    .run();
  return id;
}

const bookingRow = async (id: number) => {
  const b = (await env.DB.prepare(
    `select id, check_in_date, check_out_date, total_price, night_prices, is_points_booking, folio_balance_baisa
     from booking_submissions where id = ?`,
  )
    .bind(id)
    .first<Record<string, unknown>>())!;
  return {
    id: b.id as number,
    checkInDate: b.check_in_date as string,
    checkOutDate: b.check_out_date as string,
    totalPrice: b.total_price as number | null,
    nightPrices: b.night_prices === null ? null : (JSON.parse(b.night_prices as string) as number[]),
    isPointsBooking: Boolean(b.is_points_booking),
    balance: b.folio_balance_baisa as number,
  };
};

const linesOf = async (id: number) =>
  (
    await env.DB.prepare(
      'select kind, department, night, amount_baisa, net_baisa, taxes, business_date from folio_lines where booking_id = ? order by id',
    )
      .bind(id)
      .all<Record<string, unknown>>()
  ).results;

async function postNights(id: number, throughNight: string) {
  const booking = await bookingRow(id);
  const statements = roomNightStatements(db, booking, {
    throughNight,
    businessDate: await businessDateQuery(db),
    user: null,
    settings: inclusive,
  });
  if (statements.length > 0) await db.batch(statements as [(typeof statements)[0]]);
  return statements.length;
}

describe('posting', () => {
  it('splits a charge by the taxes in force: inclusive prices keep the amount, exclusive ones add the taxes', () => {
    // 12.600 OMR a night, taxes included: 11.538 net + 0.462 levy + 0.600 VAT.
    expect(chargeLineValues(inclusive, 'room', '2026-11-26', 12_600)).toEqual({
      amountBaisa: 12_600,
      netBaisa: 11_538,
      taxes: [
        { code: 'tourism_levy', amountBaisa: 462 },
        { code: 'vat', amountBaisa: 600 },
      ],
    });
    // Without taxes in the price: 12.000 net, the levy 0.480 and VAT 0.624 (on the levy too) on top.
    expect(
      chargeLineValues({ ...inclusive, pricesIncludeTaxes: false }, 'room', '2026-11-26', 12_000),
    ).toEqual({
      amountBaisa: 13_104,
      netBaisa: 12_000,
      taxes: [
        { code: 'tourism_levy', amountBaisa: 480 },
        { code: 'vat', amountBaisa: 624 },
      ],
    });
    // Laundry bears VAT only.
    expect(chargeLineValues(inclusive, 'laundry', '2026-11-26', 2_100).taxes).toEqual([
      { code: 'vat', amountBaisa: 100 },
    ]);
  });

  it('posts each room night once, at its own price, up to the night asked; reposting is a no-op', async () => {
    const id = await pricedStay('301', -2, [12_600, 15_000, 20_000]);
    expect(await postNights(id, day(-2))).toBe(1);
    // Through yesterday: the first night is skipped (already posted), the second posted.
    await postNights(id, day(-1));
    // The same nights again, as a racing day close would: nothing moves.
    await postNights(id, day(-1));
    await postNights(id, day(-1));
    const lines = await linesOf(id);
    expect(lines.map((l) => [l.night, l.amount_baisa])).toEqual([
      [day(-2), 12_600],
      [day(-1), 15_000],
    ]);
    expect(lines[0]).toMatchObject({
      kind: 'charge',
      department: 'room',
      net_baisa: 11_538,
      business_date: hotelToday(),
    });
    expect(JSON.parse(lines[0]!.taxes as string)).toEqual([
      { code: 'tourism_levy', amountBaisa: 462 },
      { code: 'vat', amountBaisa: 600 },
    ]);
    // The whole stay, twice at once: the last night once.
    await Promise.all([postNights(id, day(5)), postNights(id, day(5))]);
    const all = await linesOf(id);
    expect(all.map((l) => l.night)).toEqual([day(-2), day(-1), day(0)]);
    expect((await bookingRow(id)).balance).toBe(12_600 + 15_000 + 20_000);
    expect(postedNightSet(await postedNightsQuery(db, id))).toEqual(new Set([day(-2), day(-1), day(0)]));
  });

  it('spreads the total of a booking without nightly prices; a points stay posts nothing', async () => {
    const old = await stayInRoom('302', day(-3), day(0));
    await env.DB.prepare('update booking_submissions set total_price = 10000 where id = ?').bind(old).run();
    await postNights(old, day(-1));
    expect((await linesOf(old)).map((l) => l.amount_baisa)).toEqual([3_334, 3_333, 3_333]);
    expect((await bookingRow(old)).balance).toBe(10_000);

    const points = await pricedStay('303', -1, [12_600], true);
    expect(await postNights(points, day(0))).toBe(0);
    expect(await linesOf(points)).toEqual([]);
  });
});

describe('the open business date', () => {
  // Last in the file: a closed day cannot be reopened.
  it('is today, or the day after the last closed one', async () => {
    expect(await businessDateQuery(db)).toBe(hotelToday());
    await env.DB.prepare("insert into day_closes (date, report) values (?, '{}')").bind(day(-1)).run();
    expect(await businessDateQuery(db)).toBe(hotelToday());
    await env.DB.prepare("insert into day_closes (date, report) values (?, '{}')").bind(day(0)).run();
    expect(await businessDateQuery(db)).toBe(day(1));
  });
});

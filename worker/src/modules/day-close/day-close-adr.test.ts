import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { DayCloseReport } from '@shared/day-close';
import { hotelInstant } from '@shared/stay-policy';
import { chargeLineValues, readTaxSettings } from '../folio';
import { roomIdOf, SEEDED, closedDay } from '@worker-test/builders';
import { logIn } from '@worker-test/helpers';

/**
 * the day report's ADR is the room revenue of the nights sold that day over
 * those nights. Corrections of earlier nights posted that day (a stay re-priced, nights taken
 * off) are the day's revenue, not its ADR: before, they made the ADR negative.
 */
const db = drizzle(env.DB);
const T = hotelToday();
const D = addDays(T, -1);

async function stay(room: string, from: number, nights: number, checkedOut: boolean) {
  const row = await env.DB.prepare(
    `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
       room_type, status, room_id, checked_in_at, checked_out_at, total_price, night_prices, is_points_booking)
     values (?, 'ADR Guest', '91234567', 'A1234567', ?, ?, 'silver', ?, ?, ?, ?, ?, ?, 0) returning id`,
  )
    .bind(
      `AD${crypto.randomUUID().slice(0, 6).toUpperCase()}`,
      addDays(T, from),
      addDays(T, from + nights),
      checkedOut ? 'completed' : 'approved',
      await roomIdOf(room),
      hotelInstant(addDays(T, from), '14:00').getTime(),
      checkedOut ? hotelInstant(addDays(T, from + nights), '11:00').getTime() : null,
      nights * 20_000,
      JSON.stringify(new Array<number>(nights).fill(20_000)),
    )
    .first<{ id: number }>();
  return row!.id;
}

/** A room night's charge (as the close or the check-out posts it), dated `date`. */
async function night(bookingId: number, date: string, price: number) {
  const v = chargeLineValues(await readTaxSettings(db), 'room', date, price);
  const row = await env.DB.prepare(
    `insert into folio_lines (booking_id, kind, department, amount_baisa, net_baisa, taxes, business_date, night)
     values (?, 'charge', 'room', ?, ?, ?, ?, ?) returning id, net_baisa as net`,
  )
    .bind(bookingId, v.amountBaisa, v.netBaisa, JSON.stringify(v.taxes), date, date)
    .first<{ id: number; net: number }>();
  return row!;
}

/** The correction of a charge, dated `date` (the folio's correction: its exact negation). */
async function correct(lineId: number, date: string) {
  await env.DB.prepare(
    `insert into folio_lines (booking_id, kind, department, description, quantity, amount_baisa, net_baisa, taxes,
       business_date, corrects_line_id, reason)
     select booking_id, 'correction', department, description, quantity, -amount_baisa, -net_baisa,
       (select json_group_array(json_object('code', json_extract(t.value, '$.code'),
         'amountBaisa', -json_extract(t.value, '$.amountBaisa'))) from json_each(taxes) t),
       ?, id, 'Nights re-priced'
     from folio_lines where id = ?`,
  )
    .bind(date, lineId)
    .run();
}

describe('the day report’s ADR', () => {
  it('is the nights sold that day over those nights; corrections of earlier nights never make it negative', async () => {
    const manager = (await logIn(SEEDED.manager.email, SEEDED.manager.password)).cookie;
    // A stay that left: its three earlier nights, all corrected on D (it was re-priced to nothing).
    const left = await stay('102', -5, 3, true);
    const earlier = [
      await night(left, addDays(T, -5), 20_000),
      await night(left, addDays(T, -4), 20_000),
      await night(left, addDays(T, -3), 20_000),
    ];
    for (const n of earlier) await correct(n.id, D);
    // D's nights: one sold at 20.000, one at 30.000, and one posted and corrected the same day.
    const sold = [
      await night(await stay('103', -1, 2, false), D, 20_000),
      await night(await stay('104', -1, 2, false), D, 30_000),
    ];
    const undone = await night(await stay('105', -1, 2, false), D, 20_000);
    await correct(undone.id, D);

    const report = await closedDay<DayCloseReport>(D, manager);
    // The day's room revenue counts the corrections (negative); the rooms sold are the nights posted.
    const roomRevenue = report.revenueBaisa.room!;
    expect(roomRevenue).toBeLessThan(0);
    expect(report.roomsSold).toBeGreaterThanOrEqual(3);
    // The ADR: the two nights still sold, never below zero (it was negative before).
    const [a, b] = sold.map((s) => s.net);
    const postedByClose = await env.DB.prepare(
      `select coalesce(sum(net_baisa), 0) as net, count(*) as n from folio_lines
       where business_date = ? and kind = 'charge' and night is not null and id not in (?, ?, ?)`,
    )
      .bind(D, sold[0]!.id, sold[1]!.id, undone.id)
      .first<{ net: number; n: number }>();
    expect(report.adrBaisa).toBe(Math.round((a! + b! + postedByClose!.net) / (2 + postedByClose!.n)));
    expect(report.adrBaisa).toBeGreaterThan(0);
  });
});

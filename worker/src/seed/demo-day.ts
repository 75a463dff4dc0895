import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { BOOKING_REFERENCE_ALPHABET } from '@shared/booking-reference';
import { addDays, hotelToday } from '@shared/dates';
import { hotelInstant } from '@shared/stay-policy';
import type { Db } from '../platform/env';
import { businessDateQuery, readTaxSettings, roomNightStatements } from '../modules/folio';
import { makeDayStatements } from '../modules/housekeeping';
import { priceStay } from '../modules/rates';

/** A reference of the demo day's stays: 'HK', the day in three letters, the stay's letter. */
function reference(today: string, index: number) {
  const a = BOOKING_REFERENCE_ALPHABET;
  let n = Math.round(Date.parse(`${today}T00:00:00Z`) / 86_400_000);
  let day = '';
  for (let i = 0; i < 3; i++) {
    day = a[n % a.length]! + day;
    n = Math.floor(n / a.length);
  }
  return `HK${day}${a[index]!}${a[index + 10]!}`;
}

type DemoStay = {
  room: string;
  type: string;
  from: number;
  to: number;
  out?: boolean;
  vip?: boolean;
  in?: boolean;
};

/**
 * `npm start`'s day for housekeeping (scripts/seed-local.ts --demo-day; never the tests' or the
 * journeys' database): a few stays around today in floor 1's and 2's rooms, today's tasks made
 * and floor 1's given to the demo housekeeper, so the board and the phone show a day at once.
 * Once a day: a second start the same day finds its stays and adds nothing.
 *  - 101 and 103: their guests left this morning (checked out): departure cleans to do, each
 *    with its inspection; 103 has a VIP arriving today (a rush);
 *  - 102: leaves today, not checked out yet; 104, 105 and 201: stay-overs.
 * Each stay is priced as the hotel would sell it (the standard plan's nightly prices, `priceStay`)
 * and its folio is as the desk and the day close would have left it (`priceDemoDay`).
 */
export async function seedDemoDay(db: Db, now = new Date()) {
  const today = hotelToday(now);
  const stays: DemoStay[] = [
    { room: '101', type: 'silver', from: -2, to: 0, in: true, out: true },
    { room: '102', type: 'silver', from: -1, to: 0, in: true },
    { room: '103', type: 'silver', from: -3, to: 0, in: true, out: true },
    { room: '103', type: 'silver', from: 0, to: 2, vip: true },
    { room: '104', type: 'silver', from: -1, to: 2, in: true },
    { room: '105', type: 'silver', from: -2, to: 1, in: true },
    { room: '201', type: 'gold', from: -1, to: 3, in: true },
  ];
  const first = reference(today, 0);
  const done = await db.get<{ id: number }>(
    sql`select id from booking_submissions where reference = ${first}`,
  );
  if (done) return priceDemoDay(db, stays.length, now);
  // Rooms a stay of the demo day would hold already (an earlier demo's, the hotel's own): left alone.
  const taken = await db.all<{ number: string }>(
    sql`select distinct r.number from room_nights n join hotel_rooms r on r.id = n.room_id
        where n.night between ${addDays(today, -3)} and ${addDays(today, 3)} and r.number in ('101', '102', '103', '104', '105', '201')`,
  );
  if (taken.length > 0) return;

  for (const [index, stay] of stays.entries()) {
    const checkIn = addDays(today, stay.from);
    const checkOut = addDays(today, stay.to);
    const profile = stay.vip
      ? await db.get<{ id: number }>(
          sql`insert into guest_profiles (full_name, phone, name_key, vip)
              values ('Demo VIP Guest', '99000001', 'demo vip guest', 1) returning id`,
        )
      : null;
    const booking = await db.get<{ id: number }>(
      sql`insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
            room_type, status, room_id, checked_in_at, checked_out_at, profile_id)
          select ${reference(today, index)}, ${stay.vip ? 'Demo VIP Guest' : `Demo Guest ${index + 1}`}, '99000000', 'A1234567',
            ${checkIn}, ${checkOut}, ${stay.type}, ${stay.out ? 'completed' : 'confirmed'}, id,
            ${stay.in ? hotelInstant(checkIn, '15:00').getTime() : null},
            ${stay.out ? Math.min(hotelInstant(checkOut, '10:30').getTime(), now.getTime()) : null}, ${profile?.id ?? null}
          from hotel_rooms where number = ${stay.room} and retired_at is null returning id`,
    );
    if (!booking) return;
    for (let night = checkIn; night < checkOut; night = addDays(night, 1)) {
      await db.run(sql`insert into room_nights (room_id, night, room_type, booking_id)
        select id, ${night}, room_type, ${booking.id} from hotel_rooms where number = ${stay.room} and retired_at is null`);
    }
  }
  await db.run(
    sql`update hotel_rooms set status = 'dirty' where number in ('101', '103') and retired_at is null`,
  );
  await db.batch(makeDayStatements(db, today, null) as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  // Floor 1's rooms to the demo housekeeper (the supervisor's board gives the rest).
  await db.run(sql`update housekeeping_tasks set assigned_to = (
      select id from users where role = 'housekeeper' and is_disabled = 0 order by id limit 1)
    where date = ${today} and kind <> 'inspection'
      and room_id in (select id from hotel_rooms where floor = 1)`);
  await priceDemoDay(db, stays.length, now);
}

type DemoBooking = {
  id: number;
  checkInDate: string;
  checkOutDate: string;
  roomType: string;
  totalPrice: number | null;
  nightPrices: string | null;
  checkedIn: number;
  checkedOut: number;
};

/**
 * The demo day's `count` stays priced and their folios as the desk and the day close would have
 * left them, idempotently (a second run, or a stay seeded before the demo had prices, ends the same):
 *  - a stay without prices takes the standard plan's for its type and nights (`priceStay`, as a
 *    booking made that day would), its total their sum, for two guests;
 *  - a stay checked in has each night before today charged (the nights the day close posts; each
 *    once: a night on the folio already is left alone), dated the open business date (a closed
 *    day takes no line);
 *  - a stay checked out has paid its folio in cash (once).
 */
export async function priceDemoDay(db: Db, count: number, now = new Date()) {
  const today = hotelToday(now);
  const references = Array.from({ length: count }, (_, i) => reference(today, i));
  const list = sql.join(
    references.map((r) => sql`${r}`),
    sql`, `,
  );
  const read = () =>
    db.all<DemoBooking>(
      sql`select id, check_in_date as checkInDate, check_out_date as checkOutDate, room_type as roomType,
            total_price as totalPrice, night_prices as nightPrices,
            checked_in_at is not null as checkedIn, checked_out_at is not null as checkedOut
          from booking_submissions where reference in (${list}) order by id`,
    );
  for (const stay of await read()) {
    if (stay.nightPrices !== null) continue;
    try {
      const priced = await priceStay(
        db,
        {
          roomType: stay.roomType,
          ratePlan: 'standard',
          checkInDate: stay.checkInDate,
          checkOutDate: stay.checkOutDate,
          numberOfGuests: 2,
        },
        { staff: true, now },
      );
      await db.run(sql`update booking_submissions
        set total_price = ${priced.totalPriceBaisa}, night_prices = ${JSON.stringify(priced.nights.map((n) => n.priceBaisa))},
          rate_plan = ${priced.ratePlan}, number_of_guests = coalesce(number_of_guests, 2), adults = coalesce(adults, 2)
        where id = ${stay.id} and night_prices is null`);
    } catch (err) {
      // The hotel's rates refuse the stay (a type or plan changed by hand): left without a price.
      console.warn(`demo day: stay ${stay.id} not priced: ${String(err)}`);
    }
  }
  const [settings, businessDate] = await Promise.all([readTaxSettings(db), businessDateQuery(db, now)]);
  for (const stay of await read()) {
    if (!stay.checkedIn || stay.nightPrices === null) continue;
    const booking = {
      id: stay.id,
      checkInDate: stay.checkInDate,
      checkOutDate: stay.checkOutDate,
      totalPrice: stay.totalPrice,
      nightPrices: JSON.parse(stay.nightPrices) as number[],
      isPointsBooking: false,
    };
    const nights = roomNightStatements(db, booking, {
      throughNight: addDays(today, -1),
      businessDate,
      user: null,
      settings,
    });
    if (nights.length > 0) await db.batch(nights as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    // Checked out: what the folio owes once its nights are on it (the balance the database keeps
    // with each line), paid in cash, once.
    if (stay.checkedOut)
      await db.run(sql`insert into folio_lines (booking_id, kind, method, amount_baisa, business_date)
        select id, 'payment', 'cash', folio_balance_baisa, ${businessDate} from booking_submissions
        where id = ${stay.id} and folio_balance_baisa > 0
          and not exists (select 1 from folio_lines where booking_id = ${stay.id} and kind = 'payment')`);
  }
}

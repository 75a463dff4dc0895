import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { hotelStructuredData } from './structured-data';
import { describe, expect, it } from 'vitest';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import { call, signUp } from '@worker-test/helpers';
import {
  book,
  bookingRequest,
  json,
  postBooking,
  setBookingStatus,
  staffCookie,
  stays,
} from '@worker-test/builders';

/**
 * Rates and restrictions (decision 061): the quote, the calendar and every booking price
 * a stay by one rule, and refuse it with the same codes. Rates are written straight into
 * `rate_nights` here; the admin API that writes them has its own tests.
 */

const stay = stays({ from: 400, every: 9, nights: 2 });

type QuoteBody = {
  ratePlan: string;
  nights: { date: string; priceBaisa: number }[];
  totalPriceBaisa: number;
  cancellation: { kind: string };
};
type ErrorAnswer = {
  error: { code: string; message: string; restriction?: { night: string; minStay?: number } };
};

async function setNight(
  ratePlan: string,
  roomType: string,
  night: string,
  values: Record<string, number | boolean | null>,
) {
  const columns = Object.keys(values);
  await env.DB.prepare(
    `insert into rate_nights (rate_plan, room_type, night, ${columns.join(', ')})
     values (?, ?, ?, ${columns.map(() => '?').join(', ')})
     on conflict do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`,
  )
    .bind(
      ratePlan,
      roomType,
      night,
      ...Object.values(values).map((v) => (typeof v === 'boolean' ? Number(v) : v)),
    )
    .run();
}

const quote = (q: Record<string, string | number>, lang: 'ar' | 'en' = 'en') =>
  call(`/api/quote?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`, { lang });

describe('the quote', () => {
  it('prices a night without its own price at the room type’s price, the spec’s surcharge beyond two', async () => {
    const s = stay();
    const two = await json<QuoteBody>(await quote({ roomType: 'silver', ...s, numberOfGuests: 2 }));
    expect(two.nights).toEqual(
      stayNights(s.checkInDate, s.checkOutDate).map((date) => ({ date, priceBaisa: 12_600 })),
    );
    expect(two.totalPriceBaisa).toBe(25_200);
    expect(two.ratePlan).toBe('standard');
    const four = await json<QuoteBody>(await quote({ roomType: 'silver', ...s, numberOfGuests: 4 }));
    expect(four.totalPriceBaisa).toBe(2 * (12_600 + 4_000));
  });

  it('takes a night’s own price, single and extra-guest prices; a child plan follows its parent', async () => {
    const s = stay();
    const [first, second] = stayNights(s.checkInDate, s.checkOutDate) as [string, string];
    await setNight('standard', 'gold', second, {
      price_baisa: 18_000,
      single_price_baisa: 16_000,
      extra_guest_price_baisa: 3_000,
    });
    const q = { roomType: 'gold', ...s };
    const two = await json<QuoteBody>(await quote({ ...q, numberOfGuests: 2 }));
    expect(two.nights).toEqual([
      { date: first, priceBaisa: 13_200 },
      { date: second, priceBaisa: 18_000 },
    ]);
    const one = await json<QuoteBody>(await quote({ ...q, numberOfGuests: 1 }));
    expect(one.totalPriceBaisa).toBe(13_200 + 16_000);
    const three = await json<QuoteBody>(await quote({ ...q, numberOfGuests: 3 }));
    expect(three.totalPriceBaisa).toBe(13_200 + 2_000 + 18_000 + 3_000);
    // Non-refundable: standard - 10%, night by night, guests included.
    const nr = await json<QuoteBody>(await quote({ ...q, numberOfGuests: 3, ratePlan: 'non_refundable' }));
    expect(nr.nights.map((n) => n.priceBaisa)).toEqual([Math.round(15_200 * 0.9), Math.round(21_000 * 0.9)]);
    expect(nr.cancellation).toEqual({ kind: 'non_refundable' });
  });

  it('refuses a stay shorter than the arrival night’s minimum with min_stay, in both languages', async () => {
    const s = stay(1);
    await setNight('standard', 'diamond', s.checkInDate, { min_stay: 2 });
    const q = { roomType: 'diamond', ...s };
    const en = await quote(q, 'en');
    expect(en.status).toBe(422);
    const body = await json<ErrorAnswer>(en);
    expect(body.error.code).toBe('min_stay');
    expect(body.error.restriction).toEqual({ night: s.checkInDate, minStay: 2 });
    expect(body.error.message).toContain('2 nights');
    const ar = await json<ErrorAnswer>(await quote(q, 'ar'));
    expect(ar.error.message).toContain('ليلتين');
    // The house rule on standard binds the plans that follow it.
    expect((await quote({ ...q, ratePlan: 'non_refundable' })).status).toBe(422);
    // Two nights are fine.
    expect((await quote({ ...q, checkOutDate: addDays(s.checkInDate, 2) })).status).toBe(200);
  });

  it('refuses closed nights, closed arrival and departure days, and too long a stay, with their codes', async () => {
    const s = stay(3);
    const nights = stayNights(s.checkInDate, s.checkOutDate);
    const code = async (q: Record<string, string>) =>
      (await json<ErrorAnswer>(await quote({ roomType: 'deluxe', ...q }))).error.code;
    await setNight('standard', 'deluxe', nights[1]!, { closed: true });
    expect(await code(s)).toBe('closed');
    await setNight('standard', 'deluxe', nights[1]!, { closed: null });
    await setNight('standard', 'deluxe', s.checkInDate, { closed_to_arrival: true });
    expect(await code(s)).toBe('closed_to_arrival');
    await setNight('standard', 'deluxe', s.checkInDate, { closed_to_arrival: null, max_stay: 2 });
    expect(await code(s)).toBe('max_stay');
    await setNight('standard', 'deluxe', s.checkInDate, { max_stay: null });
    await setNight('standard', 'deluxe', s.checkOutDate, { closed_to_departure: true });
    expect(await code(s)).toBe('closed_to_departure');
    // A plan's own value wins over standard's.
    await setNight('bed_and_breakfast', 'deluxe', s.checkOutDate, { closed_to_departure: false });
    expect((await quote({ roomType: 'deluxe', ...s, ratePlan: 'bed_and_breakfast' })).status).toBe(200);
  });

  it('refuses an unknown plan, a plan that does not sell the room type, and a past arrival', async () => {
    const s = stay();
    const unknown = await quote({ roomType: 'silver', ...s, ratePlan: 'nope' });
    expect(unknown.status).toBe(400);
    expect(
      (await json<{ error: { fields: Record<string, string> } }>(unknown)).error.fields.ratePlan,
    ).toBeTruthy();
    await env.DB.prepare(
      `update rate_plans set room_types = '["gold"]' where code = 'bed_and_breakfast'`,
    ).run();
    expect((await quote({ roomType: 'silver', ...s, ratePlan: 'bed_and_breakfast' })).status).toBe(400);
    await env.DB.prepare(
      `update rate_plans set room_types = '["silver","gold","diamond","deluxe"]' where code = 'bed_and_breakfast'`,
    ).run();
    const past = await quote({
      roomType: 'silver',
      checkInDate: addDays(hotelToday(), -1),
      checkOutDate: hotelToday(),
    });
    expect(past.status).toBe(400);
  });
});

describe('a booking', () => {
  it('is priced as its quote, keeps its plan and nightly prices, and is refused by the same restriction', async () => {
    const s = stay();
    const [, second] = stayNights(s.checkInDate, s.checkOutDate) as [string, string];
    await setNight('standard', 'silver', second, { price_baisa: 20_000 });
    const q = await json<QuoteBody>(await quote({ roomType: 'silver', ...s, ratePlan: 'non_refundable' }));
    const booking = await book<{
      totalPriceBaisa: number;
      ratePlan: string;
      nightPrices: unknown;
      cancellationRule: unknown;
    }>({
      roomType: 'silver',
      ...s,
      ratePlan: 'non_refundable',
      totalPrice: 1,
    });
    expect(booking.totalPriceBaisa).toBe(q.totalPriceBaisa);
    expect(booking.ratePlan).toBe('non_refundable');
    expect(booking.nightPrices).toEqual(q.nights);
    expect(booking.cancellationRule).toEqual({ kind: 'non_refundable' });

    const short = stay(1);
    await setNight('standard', 'silver', short.checkInDate, { min_stay: 2 });
    const refused = await postBooking(bookingRequest({ roomType: 'silver', ...short }));
    expect(refused.status).toBe(422);
    expect((await json<ErrorAnswer>(refused)).error.code).toBe('min_stay');
    const count = await env.DB.prepare(
      `select count(*) as n from booking_submissions where check_in_date = ? and room_type = 'silver'`,
    )
      .bind(short.checkInDate)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
    // The desk sells what the hotel decides: a staff booking is priced, not refused.
    const desk = await postBooking(
      bookingRequest({ roomType: 'silver', ...short, bookingType: 'quick_management' }),
      { cookie: await staffCookie() },
    );
    expect(desk.status, await desk.clone().text()).toBe(201);
  });

  it('20 concurrent bookings for the last room, on plans and seasonal prices, make exactly one, at its price', async () => {
    // Deluxe has 4 rooms: three taken on the contested night, then 20 race for the last on plans.
    const night = addDays(hotelToday(), 380);
    await setNight('standard', 'deluxe', night, { price_baisa: 30_000 });
    for (let i = 0; i < 3; i++)
      await book({ roomType: 'deluxe', checkInDate: night, checkOutDate: addDays(night, 1) });
    const plans = ['standard', 'non_refundable', 'bed_and_breakfast'];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        postBooking(
          bookingRequest({
            roomType: 'deluxe',
            ratePlan: plans[i % 3],
            checkInDate: night,
            checkOutDate: addDays(night, 1),
          }),
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const won = (
      await json<{ booking: { ratePlan: string; totalPriceBaisa: number } }>(
        results.find((r) => r.status === 201)!,
      )
    ).booking;
    const expected = { standard: 30_000, non_refundable: 27_000, bed_and_breakfast: 36_000 }[won.ratePlan];
    expect(won.totalPriceBaisa).toBe(expected);
    const held = await env.DB.prepare(
      `select count(*) as n from booking_nights where room_type = 'deluxe' and night = ?`,
    )
      .bind(night)
      .first<{ n: number }>();
    expect(held!.n).toBe(4);
  });

  it('refuses a retired plan to guests', async () => {
    await env.DB.prepare(`update rate_plans set active = 0 where code = 'bed_and_breakfast'`).run();
    try {
      const res = await postBooking(bookingRequest({ ratePlan: 'bed_and_breakfast' }));
      expect(res.status).toBe(400);
      const plans = await json<{ ratePlans: { code: string }[] }>(await call('/api/rate-plans'));
      expect(plans.ratePlans.map((p) => p.code)).toEqual(['standard', 'non_refundable']);
    } finally {
      await env.DB.prepare(`update rate_plans set active = 1 where code = 'bed_and_breakfast'`).run();
    }
  });
});

describe('a booking’s cancellation rule', () => {
  const approvedAs = async (cookie: string, over: Record<string, unknown>) => {
    const b = await book({ roomType: 'gold', ...stay(), ...over }, { cookie });
    await setBookingStatus(b.id, 'approved');
    return b;
  };
  const cancel = (id: number, cookie: string) =>
    call(`/api/booking-submissions/${id}/status`, { method: 'PATCH', json: { status: 'cancelled' }, cookie });
  const change = (id: number, cookie: string) =>
    call(`/api/booking-submissions/${id}`, {
      method: 'PATCH',
      json: { numberOfGuests: 3 },
      cookie,
      lang: 'ar',
    });

  it('non-refundable: its guest cannot change it, may cancel it up to check-in, and is told nothing is refunded', async () => {
    const g = await signUp();
    const b = await approvedAs(g.cookie, { ratePlan: 'non_refundable' });
    const refused = await change(b.id, g.cookie);
    expect(refused.status).toBe(409);
    const body = await json<ErrorAnswer>(refused);
    expect(body.error.code).toBe('non_refundable_unchangeable');
    expect(body.error.message).toContain('غير قابل للاسترداد');
    expect((await cancel(b.id, g.cookie)).status).toBe(200);
  });

  it('a plan’s free hours are the booking’s, kept from when it was sold', async () => {
    await env.DB.prepare(
      `update rate_plans set cancellation = '{"kind":"free_until","hours":720}' where code = 'bed_and_breakfast'`,
    ).run();
    try {
      const g = await signUp();
      // Arriving in 20 days: inside the plan's 30 days, so past its deadline already.
      const s = { checkInDate: addDays(hotelToday(), 20), checkOutDate: addDays(hotelToday(), 22) };
      const b = await approvedAs(g.cookie, { ratePlan: 'bed_and_breakfast', ...s });
      expect(b.cancellationRule).toEqual({ kind: 'free_until', hours: 720 });
      const late = await cancel(b.id, g.cookie);
      expect(late.status).toBe(409);
      expect((await json<ErrorAnswer>(late)).error.code).toBe('cancellation_deadline_passed');
      // The same dates on standard (the site's 24 hours) may be cancelled.
      const flexible = await approvedAs(g.cookie, { ...s, roomType: 'deluxe' });
      expect((await cancel(flexible.id, g.cookie)).status).toBe(200);
    } finally {
      await env.DB.prepare(
        `update rate_plans set cancellation = '{"kind":"free_until","hours":24}' where code = 'bed_and_breakfast'`,
      ).run();
    }
  });
});

describe('the calendar', () => {
  it('shows each night’s price on the plan for the guests, and its restrictions', async () => {
    const s = stay();
    const [first] = stayNights(s.checkInDate, s.checkOutDate) as [string];
    await setNight('standard', 'gold', first, {
      price_baisa: 17_000,
      closed_to_departure: true,
      min_stay: 3,
    });
    const res = await call(
      `/api/availability?roomType=gold&from=${s.checkInDate}&to=${s.checkOutDate}&ratePlan=bed_and_breakfast&numberOfGuests=3`,
    );
    expect(res.status).toBe(200);
    const body = await json<{
      nights: { date: string; priceBaisa: number; restrictions: Record<string, unknown> }[];
    }>(res);
    expect(body.nights[0]).toMatchObject({
      date: first,
      priceBaisa: Math.round((17_000 + 2_000) * 1.2),
      restrictions: {
        closed: false,
        minStay: 3,
        maxStay: null,
        closedToArrival: false,
        closedToDeparture: true,
      },
    });
    expect(body.nights[1]!.priceBaisa).toBe(Math.round((13_200 + 2_000) * 1.2));
  });
});

describe('the public pages’ structured data', () => {
  it('names the hotel, its room types, and each one’s lowest price of the next 30 nights on any plan', async () => {
    const tomorrow = addDays(hotelToday(), 1);
    const ld = async (lang: 'ar' | 'en') =>
      (await hotelStructuredData(drizzle(env.DB), 'https://hotel.example', lang)) as {
        '@type': string;
        containsPlace: { name: string }[];
        makesOffer: { name: string; price: string; priceCurrency: string; itemOffered: { name: string } }[];
      };
    const before = await ld('en');
    expect(before['@type']).toBe('Hotel');
    expect(before.containsPlace).toHaveLength(4);
    const silver = () => before.makesOffer.find((o) => o.itemOffered.name.includes('Silver'))!;
    // Standard's room price less the non-refundable plan's 10%: 12.600 * 0.9.
    expect(silver()).toMatchObject({ price: '11.340', priceCurrency: 'OMR' });
    await setNight('standard', 'silver', tomorrow, { price_baisa: 9_000 });
    try {
      const after = await ld('ar');
      const offer = after.makesOffer.find((o) => o.itemOffered.name === 'الغرفة الفضية');
      expect(offer?.price).toBe('8.100');
      // A closed night is not a price anyone can book.
      await setNight('standard', 'silver', tomorrow, { closed: true });
      expect((await ld('en')).makesOffer.map((o) => o.price)).not.toContain('8.100');
    } finally {
      await env.DB.prepare(`delete from rate_nights where room_type = 'silver' and night = ?`)
        .bind(tomorrow)
        .run();
    }
  });
});

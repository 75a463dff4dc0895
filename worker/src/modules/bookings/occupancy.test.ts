import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addRoomType,
  adminCookie,
  type Booking,
  bookingRequest,
  codeOf,
  day,
  errorCode,
  familySuite as familySuiteType,
  grantCookie,
  json,
  one,
  postBooking,
  setBookingStatus,
  staffAccount,
  staffCookie,
  stays,
} from '@worker-test/builders';
import { call } from '@worker-test/helpers';
import { saveOnlineCheckIn } from './online-check-in';
import { bookingSubmissions } from './tables';

/**
 * Adults and children against the room type's own limits, and a room type the hotel adds at run
 * time (a family suite for two adults and three children at 45.000) booked, priced, changed and
 * checked in like the spec's four: each guest above the base occupancy pays the plan's
 * extra-guest price (2.000), above the limits the answer is 422 `over_occupancy`, before any write.
 */

const FAMILY_SUITE = familySuiteType({ baseOccupancy: 2 });
/** The suite's night for two adults and three children: its price and three extra guests. */
const FAMILY_NIGHT = 45_000 + 3 * 2_000;

const stay = stays({ from: 30, every: 3 });

const familyRequest = (over: Record<string, unknown> = {}) =>
  bookingRequest(
    {
      roomType: 'family-suite',
      numberOfGuests: undefined,
      adults: 2,
      children: 3,
      bedType: 'double',
      smokingPreference: 'non_smoking',
      ...over,
    },
    stay,
  );

beforeAll(async () => {
  const admin = await adminCookie();
  await addRoomType(FAMILY_SUITE, admin);
  // Its two rooms on sale (an admin's inventory counters).
  const staff = await staffCookie();
  for (const [path, body] of [
    ['/api/room-inventory/family-suite', { availableCount: 2 }],
    ['/api/room-bed-inventory/family-suite/double', { totalCount: 2 }],
    ['/api/room-smoking-inventory/family-suite/non_smoking', { totalCount: 2 }],
  ] as const) {
    const put = await call(path, { method: 'PUT', cookie: staff, json: body });
    expect(put.status, `${path}: ${await put.clone().text()}`).toBe(200);
  }
});

describe('a room type added at run time', () => {
  it('is quoted, shown on the calendar and booked for two adults and three children at its price', async () => {
    const { checkInDate, checkOutDate } = stay(2);
    const query = new URLSearchParams({ roomType: 'family-suite', checkInDate, checkOutDate });
    const quote = await call(`/api/quote?${query}&adults=2&children=3`);
    expect(quote.status, await quote.clone().text()).toBe(200);
    expect(await json(quote)).toMatchObject({
      roomType: 'family-suite',
      numberOfGuests: 5,
      adults: 2,
      children: 3,
      totalPriceBaisa: 2 * FAMILY_NIGHT,
    });

    const calendar = await call(
      `/api/availability?roomType=family-suite&from=${checkInDate}&to=${checkOutDate}&adults=2&children=3`,
    );
    expect(calendar.status, await calendar.clone().text()).toBe(200);
    const { nights } = await json<{ nights: { available: number; priceBaisa: number }[] }>(calendar);
    expect(nights).toEqual([
      expect.objectContaining({ available: 2, priceBaisa: FAMILY_NIGHT }),
      expect.objectContaining({ available: 2, priceBaisa: FAMILY_NIGHT }),
    ]);

    const res = await postBooking(familyRequest({ checkInDate, checkOutDate }), { lang: 'en' });
    expect(res.status, await res.clone().text()).toBe(201);
    const { booking } = await json<{ booking: Booking }>(res);
    expect(booking).toMatchObject({
      roomType: 'family-suite',
      numberOfGuests: 5,
      adults: 2,
      children: 3,
      totalPriceBaisa: 2 * FAMILY_NIGHT,
    });
    expect(
      await one(
        'select number_of_guests, adults, children from booking_submissions where id = ?',
        booking.id,
      ),
    ).toEqual({ number_of_guests: 5, adults: 2, children: 3 });

    // The desk's quick booking of the same stay, for a walk-in: approved at once, the same price.
    const desk = await postBooking(
      familyRequest({ ...stay(2), bookingType: 'quick_management', email: 'walk-in@example.com' }),
      { cookie: await staffCookie() },
    );
    expect(desk.status, await desk.clone().text()).toBe(201);
    expect((await json<{ booking: Booking }>(desk)).booking).toMatchObject({
      status: 'approved',
      adults: 2,
      children: 3,
      totalPriceBaisa: 2 * FAMILY_NIGHT,
    });
  });

  it('refuses guests above its limits with 422 over_occupancy in both languages, writing nothing', async () => {
    const before = await one<{ n: number }>('select count(*) as n from booking_submissions');
    for (const over of [
      { adults: 3, children: 0 },
      { adults: 2, children: 4 },
      { numberOfGuests: 6, adults: undefined, children: undefined },
    ]) {
      const en = await postBooking(familyRequest(over), { lang: 'en' });
      expect({ over, status: en.status }).toEqual({ over, status: 422 });
      expect(await codeOf(en)).toMatchObject({
        code: 'over_occupancy',
        message: 'Too many guests for this room type: choose fewer adults or children, or another room',
      });
    }
    const ar = await postBooking(familyRequest({ adults: 2, children: 4 }), { lang: 'ar' });
    expect((await codeOf(ar)).message).toBe(
      'عدد الضيوف أكبر مما يتسع له هذا النوع من الغرف: قلّل عدد البالغين أو الأطفال أو اختر غرفة أخرى',
    );
    expect(await one('select count(*) as n from booking_submissions')).toEqual(before);

    const { checkInDate, checkOutDate } = stay();
    const quote = await call(
      `/api/quote?roomType=family-suite&checkInDate=${checkInDate}&checkOutDate=${checkOutDate}&adults=3`,
    );
    expect(quote.status).toBe(422);
    expect((await codeOf(quote)).code).toBe('over_occupancy');
    // More guests than any room holds is the form's own error.
    const thirteen = await postBooking(familyRequest({ adults: 1, children: 12 }), { lang: 'en' });
    expect(thirteen.status).toBe(400);
  });

  it('keeps a guest change and a staff edit within its limits, priced by its extra guests', async () => {
    const { checkInDate, checkOutDate } = stay(1);
    const made = await postBooking(familyRequest({ checkInDate, checkOutDate, adults: 2, children: 0 }));
    const { booking } = await json<{ booking: Booking }>(made);
    expect(booking.totalPriceBaisa).toBe(45_000);
    // The guest's own change: a fourth child is one too many; one child joins the two adults.
    const owner = await grantCookie(booking);
    const change = (body: Record<string, unknown>) =>
      call(`/api/booking-submissions/${booking.id}`, { method: 'PATCH', cookie: owner, json: body });
    const refused = await change({ children: 4 });
    expect(refused.status).toBe(422);
    expect((await codeOf(refused)).code).toBe('over_occupancy');
    const changed = await change({ children: 1 });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect((await json<{ booking: Booking }>(changed)).booking).toMatchObject({
      numberOfGuests: 3,
      adults: 2,
      children: 1,
      totalPriceBaisa: 45_000 + 2_000,
    });

    const staff = await staffCookie();
    const edit = (body: Record<string, unknown>) =>
      call(`/api/admin/booking-submissions/${booking.id}`, { method: 'PATCH', cookie: staff, json: body });

    const tooMany = await edit({ children: 4 });
    expect(tooMany.status).toBe(422);
    expect((await codeOf(tooMany)).code).toBe('over_occupancy');
    // The children join the booking's two adults: three extra guests a night.
    const grown = await edit({ children: 3 });
    expect(grown.status, await grown.clone().text()).toBe(200);
    expect(
      await one(
        'select number_of_guests, adults, children, total_price from booking_submissions where id = ?',
        booking.id,
      ),
    ).toEqual({ number_of_guests: 5, adults: 2, children: 3, total_price: FAMILY_NIGHT });

    const quoted = await call(
      `/api/admin/booking-submissions/${booking.id}/quote?${new URLSearchParams({
        checkInDate,
        checkOutDate,
        roomType: 'family-suite',
        adults: '3',
      })}`,
      { cookie: staff },
    );
    expect(quoted.status).toBe(422);
    expect((await codeOf(quoted)).code).toBe('over_occupancy');
  });

  it('takes an online check-in only within its limits of adults and children', async () => {
    const checkInDate = day(1);
    const made = await postBooking(familyRequest({ checkInDate, checkOutDate: day(2) }));
    const { booking } = await json<{ booking: Booking }>(made);
    await setBookingStatus(booking.id, 'approved');
    const db = drizzle(env.DB);
    const row = (await db
      .select()
      .from(bookingSubmissions)
      .where(eq(bookingSubmissions.id, booking.id))
      .get())!;
    const settings = { checkInTime: '14:00', freeCancellationHours: 24, onlineCheckInHours: 72 };
    const input = { arrivalTime: '15:30', specialRequests: '', acceptTerms: true as const };
    // Five guests are the booking's, but three adults are more than the suite takes.
    expect(
      await errorCode(() =>
        saveOnlineCheckIn(db, row, { ...input, adults: 3, children: 2 }, { settings, actor: null }),
      ),
    ).toBe('over_occupancy');
    // Within its limits the check-in goes on (to ask for the ID photo first).
    expect(
      await errorCode(() =>
        saveOnlineCheckIn(db, row, { ...input, adults: 2, children: 3 }, { settings, actor: null }),
      ),
    ).toBe('id_document_required');
  });

  it('offers, when sold out, only the other types that take the same adults and children', async () => {
    const night = stay(1);
    for (let i = 0; i < 2; i++) {
      const res = await postBooking(familyRequest(night));
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const alternativesOf = async (over: Record<string, unknown>) => {
      const res = await postBooking(familyRequest({ ...night, ...over }), { lang: 'en' });
      expect(res.status).toBe(409);
      return (await json<{ error: { alternatives: { roomTypes: { roomType: string }[] } } }>(res)).error
        .alternatives.roomTypes;
    };
    // Five guests: none of the spec's four holds them.
    expect(await alternativesOf({})).toEqual([]);
    // Two adults: the four, cheapest first.
    expect((await alternativesOf({ children: 0 })).map((t) => t.roomType)).toEqual([
      'silver',
      'gold',
      'diamond',
      'deluxe',
    ]);
  });

  it('is sold on rates and plans like the four, and an unknown code is refused', async () => {
    const { cookie: manager } = await staffAccount({ role: 'manager' });
    const admin = await adminCookie();
    const plan = await call('/api/admin/rate-plans', {
      method: 'POST',
      cookie: admin,
      json: {
        code: 'family_deal',
        nameAr: 'عرض العائلة',
        nameEn: 'Family deal',
        roomTypes: ['family-suite'],
        cancellation: { kind: 'free_until', hours: 24 },
      },
    });
    expect(plan.status, await plan.clone().text()).toBe(201);
    const unknown = await call('/api/admin/rate-plans', {
      method: 'POST',
      cookie: admin,
      json: {
        code: 'palace_deal',
        nameAr: 'عرض القصر',
        nameEn: 'Palace deal',
        roomTypes: ['palace'],
        cancellation: { kind: 'free_until', hours: 24 },
      },
    });
    expect(unknown.status).toBe(400);

    const from = day(90);
    const put = await call('/api/admin/rates', {
      method: 'PUT',
      cookie: manager,
      json: { ratePlan: 'standard', roomType: 'family-suite', from, to: from, priceBaisa: 40_000 },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const calendar = await call(`/api/admin/rates?ratePlan=standard&from=${from}&to=${from}`, {
      cookie: manager,
    });
    const { nights } = await json<{ nights: { roomType: string; priceBaisa: number; sold: boolean }[] }>(
      calendar,
    );
    expect(nights.find((n) => n.roomType === 'family-suite')).toMatchObject({
      priceBaisa: 40_000,
      sold: true,
    });
    const quote = await call(
      `/api/quote?roomType=family-suite&checkInDate=${from}&checkOutDate=${day(91)}&adults=2&children=1`,
    );
    expect((await json(quote)).totalPriceBaisa).toBe(40_000 + 2_000);
  });
});

describe('the spec four and older clients', () => {
  it('reads numberOfGuests alone as adults and refuses five in a room of four', async () => {
    const res = await postBooking(bookingRequest({ roomType: 'silver', numberOfGuests: 3 }, stay));
    const { booking } = await json<{ booking: Booking }>(res);
    expect(booking).toMatchObject({ numberOfGuests: 3, adults: 3, children: 0 });
    const five = await postBooking(bookingRequest({ roomType: 'silver', numberOfGuests: 5 }, stay), {
      lang: 'en',
    });
    expect(five.status).toBe(422);
    expect((await codeOf(five)).code).toBe('over_occupancy');
    const family = await postBooking(
      bookingRequest({ roomType: 'gold', numberOfGuests: undefined, adults: 1, children: 3 }, stay),
    );
    const { booking: gold } = await json<{ booking: Booking }>(family);
    const nights = 2;
    expect(gold).toMatchObject({ numberOfGuests: 4, adults: 1, children: 3 });
    expect(gold.totalPriceBaisa).toBe(nights * (13_200 + 2 * 2_000));
  });

  it('answers 400 invalid_room_type for a code the hotel has no type of', async () => {
    const res = await postBooking(bookingRequest({ roomType: 'palace' }, stay), { lang: 'en' });
    expect(res.status).toBe(400);
    expect(await json(res)).toMatchObject({ error: { fields: { roomType: 'Invalid room type' } } });
    const calendar = await call(`/api/availability?roomType=palace&from=${day(5)}&to=${day(6)}`);
    expect(calendar.status).toBe(400);
  });

  it('no longer sells a retired type', async () => {
    const admin = await adminCookie();
    const twin = { ...FAMILY_SUITE, code: 'twin-room', nameAr: 'غرفة بسريرين', nameEn: 'Twin Room' };
    const added = await call('/api/admin/room-types', { method: 'POST', cookie: admin, json: twin });
    expect(added.status, await added.clone().text()).toBe(201);
    const { checkInDate, checkOutDate } = stay();
    const quote = () =>
      call(`/api/quote?roomType=twin-room&checkInDate=${checkInDate}&checkOutDate=${checkOutDate}`);
    expect((await quote()).status).toBe(200);
    const retired = await call('/api/admin/room-types/twin-room', {
      method: 'PATCH',
      cookie: admin,
      json: { active: false },
    });
    expect(retired.status, await retired.clone().text()).toBe(200);
    expect((await quote()).status).toBe(400);
    const refused = await postBooking(familyRequest({ roomType: 'twin-room' }), { lang: 'en' });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ error: { fields: { roomType: 'Invalid room type' } } });
    const calendar = await call(
      `/api/availability?roomType=twin-room&from=${checkInDate}&to=${checkOutDate}`,
    );
    expect(calendar.status).toBe(400);
  });
});

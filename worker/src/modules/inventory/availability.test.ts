import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import { translate } from '../../platform/messages';
import { call, logIn } from '@worker-test/helpers';
import { day } from '@worker-test/builders';

/**
 * GET /api/availability, the booking calendar's nights. Each night's rooms
 * left (the allotment minus that night's holds, never below 0) and its price for 1-2 guests as
 * a booking made now is charged; at most 62 nights; bad input is a 400 in the request's
 * language, never a 500; served from the edge cache and seen again after a booking, an
 * inventory change or an offer.
 */
type Night = { date: string; available: number; priceBaisa: number };
type Calendar = { roomType: string; nights: Night[] };
type ApiError = { error: { code: string; message: string; fields?: Record<string, string> } };

const json = async <T>(res: Response) => (await res.json()) as T;
const calendar = (roomType: string, from: string, to: string, lang?: 'ar' | 'en') =>
  call(`/api/availability?roomType=${roomType}&from=${from}&to=${to}`, { lang });

let staff = '';
beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
});

async function allotment(roomType: string): Promise<number> {
  const row = await env.DB.prepare('select total_count as n from room_inventory where room_type = ?')
    .bind(roomType)
    .first<{ n: number }>();
  return row!.n;
}

let phone = 93_300_000;
/** A pending request from its own phone and address (below the per-phone and per-address caps). */
async function book(roomType: string, checkInDate: string, checkOutDate: string, numberOfGuests = 2) {
  const res = await call('/api/booking-submissions', {
    method: 'POST',
    headers: {
      'cf-connecting-ip': `10.30.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    },
    json: {
      fullName: 'Calendar Guest',
      phoneNumber: String((phone += 1)),
      idNumber: '12345678',
      roomType,
      bedType: 'double',
      smokingPreference: 'non_smoking',
      numberOfGuests,
      checkInDate,
      checkOutDate,
    },
  });
  expect(res.status).toBe(201);
  return (await json<{ booking: { id: number; totalPriceBaisa: number } }>(res)).booking;
}

describe('GET /api/availability', () => {
  it('answers every night from `from` to the night before `to`, with rooms left and the price a booking made now is charged', async () => {
    const res = await calendar('gold', day(100), day(107));
    expect(res.status).toBe(200);
    const body = await json<Calendar>(res);
    expect(body.roomType).toBe('gold');
    expect(body.nights.map((n) => n.date)).toEqual(Array.from({ length: 7 }, (_, i) => day(100 + i)));
    const total = await allotment('gold');
    expect(total).toBeGreaterThan(0);
    for (const night of body.nights) {
      expect(night.available).toBe(total);
      expect(Number.isInteger(night.priceBaisa) && night.priceBaisa > 0).toBe(true);
    }
    // One night for two guests costs what the calendar says; three guests pay the surcharge on top.
    expect((await book('gold', day(100), day(101))).totalPriceBaisa).toBe(body.nights[0]!.priceBaisa);
    expect((await book('gold', day(101), day(103), 3)).totalPriceBaisa).toBe(
      2 * (body.nights[1]!.priceBaisa + 2_000),
    );
  });

  it('counts the holds per night, releases a cancelled booking’s nights, and never answers below 0', async () => {
    const total = await allotment('silver');
    await book('silver', day(120), day(122));
    await book('silver', day(120), day(122));
    const third = await book('silver', day(121), day(124));
    const nights = async () =>
      (await json<Calendar>(await calendar('silver', day(119), day(125)))).nights.map((n) => n.available);
    expect(await nights()).toEqual([total, total - 2, total - 3, total - 1, total - 1, total]);

    const cancel = await call(`/api/booking-submissions/${third.id}/status`, {
      method: 'PATCH',
      cookie: staff,
      json: { status: 'cancelled', reason: 'calendar test' },
    });
    expect(cancel.status).toBe(200);
    expect(await nights()).toEqual([total, total - 2, total - 2, total, total, total]);

    // Staff cannot lower the allotment below what is held (409); an allotment that is
    // below anyway (set before that rule) reads 0, not -1.
    const lower = (count: number) =>
      call('/api/room-inventory/silver', { method: 'PUT', cookie: staff, json: { availableCount: count } });
    expect((await lower(1)).status).toBe(409);
    await env.DB.prepare(`update room_inventory set total_count = 1 where room_type = 'silver'`).run();
    try {
      expect(await nights()).toEqual([1, 0, 0, 1, 1, 1]);
    } finally {
      expect((await lower(total)).status).toBe(200);
    }
  });

  it('answers at most 62 nights', async () => {
    const sixtyTwo = await calendar('diamond', day(1), day(63));
    expect(sixtyTwo.status).toBe(200);
    expect((await json<Calendar>(sixtyTwo)).nights).toHaveLength(62);
    const more = await calendar('diamond', day(1), day(64), 'en');
    expect(more.status).toBe(400);
    expect(await json<ApiError>(more)).toMatchObject({
      error: { code: 'validation_failed', fields: { to: translate('availability_too_long', 'en') } },
    });
  });

  it.each([
    ['an impossible date', 'roomType=gold&from=2030-02-30&to=2030-03-02', 'from', 'invalid_date'],
    ['month 13', `roomType=gold&from=${day(5)}&to=2030-13-01`, 'to', 'invalid_date'],
    ['from equal to to', `roomType=gold&from=${day(5)}&to=${day(5)}`, 'to', 'to_after_from'],
    ['from after to', `roomType=gold&from=${day(9)}&to=${day(5)}`, 'to', 'to_after_from'],
    ['a huge window', `roomType=gold&from=${day(1)}&to=2099-12-31`, 'to', 'availability_too_long'],
    ['a year past the range', `roomType=gold&from=${day(1)}&to=2100-01-01`, 'to', 'invalid_date'],
    ['a malformed date', `roomType=gold&from=tomorrow&to=${day(5)}`, 'from', 'invalid_date'],
    ['a short date', `roomType=gold&from=2030-1-1&to=2030-01-05`, 'from', 'invalid_date'],
    ['a missing date', `roomType=gold&from=${day(1)}`, 'to', 'invalid_date'],
    ['a night in the past', `roomType=gold&from=${day(-1)}&to=${day(3)}`, 'from', 'availability_from_past'],
    [
      'an unknown room type',
      `roomType=platinum&from=${day(1)}&to=${day(3)}`,
      'roomType',
      'invalid_room_type',
    ],
    ['no room type', `from=${day(1)}&to=${day(3)}`, 'roomType', 'invalid_room_type'],
    [
      'a repeated room type',
      `roomType=gold&roomType=silver&from=${day(1)}&to=${day(3)}`,
      'roomType',
      'invalid_room_type',
    ],
  ] as const)('refuses %s with 400 and says which field', async (_name, query, field, code) => {
    const res = await call(`/api/availability?${query}`, { lang: 'en' });
    expect(res.status).toBe(400);
    const body = await json<ApiError>(res);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields?.[field]).toBe(translate(code, 'en'));
  });

  it('says what is wrong in the request’s language', async () => {
    const ar = await calendar('gold', day(1), day(80), 'ar');
    expect(ar.status).toBe(400);
    expect(JSON.stringify(await ar.json())).toContain('٦٢');
    const en = await calendar('gold', day(-2), day(3), 'en');
    expect(JSON.stringify(await en.json())).toContain('The start date cannot be before today');
  });

  it('takes dates typed in Arabic-Indic digits', async () => {
    const indic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const res = await call(
      `/api/availability?roomType=gold&from=${encodeURIComponent(indic(day(30)))}&to=${encodeURIComponent(indic(day(32)))}`,
    );
    expect(res.status).toBe(200);
    expect((await json<Calendar>(res)).nights.map((n) => n.date)).toEqual([day(30), day(31)]);
  });

  it('is served from the edge cache, and a booking, an inventory change and an offer are in the very next read', async () => {
    const from = day(150);
    const to = day(153);
    const url = `/api/availability?roomType=deluxe&from=${from}&to=${to}`;
    const read = async () => {
      const res = await call(url);
      expect(res.status).toBe(200);
      return { cache: res.headers.get('x-cache'), nights: (await json<Calendar>(res)).nights };
    };
    const first = await read();
    const total = await allotment('deluxe');
    expect(first.nights.map((n) => n.available)).toEqual([total, total, total]);
    const hit = await read();
    expect(hit.cache).toBe('HIT');
    expect(hit.nights).toEqual(first.nights);

    await book('deluxe', day(151), day(152));
    const afterBooking = await read();
    expect(afterBooking.cache).toBe('MISS');
    expect(afterBooking.nights.map((n) => n.available)).toEqual([total, total - 1, total]);
    expect((await read()).cache).toBe('HIT');

    const put = await call('/api/room-inventory/deluxe', {
      method: 'PUT',
      cookie: staff,
      json: { availableCount: total - 1 },
    });
    expect(put.status).toBe(200);
    const afterPut = await read();
    expect(afterPut.cache).toBe('MISS');
    expect(afterPut.nights.map((n) => n.available)).toEqual([total - 1, total - 2, total - 1]);
    await call('/api/room-inventory/deluxe', {
      method: 'PUT',
      cookie: staff,
      json: { availableCount: total },
    });

    // Today's offer for the room: 90 % off its original 25.000 OMR, charged from now on.
    expect((await read()).cache).toBe('MISS');
    expect((await read()).cache).toBe('HIT');
    const offer = await call('/api/admin/offers', {
      method: 'POST',
      cookie: staff,
      json: {
        roomType: 'deluxe',
        title: 'Calendar deal',
        titleAr: 'عرض التقويم',
        description: '',
        descriptionAr: '',
        discount: 90,
        features: [],
        isBestSeller: false,
        theme: 'deluxe',
        validFrom: hotelToday(),
        validTo: null,
        isActive: true,
      },
    });
    expect(offer.status).toBe(201);
    const afterOffer = await read();
    expect(afterOffer.cache).toBe('MISS');
    expect(afterOffer.nights.map((n) => n.priceBaisa)).toEqual([2_500, 2_500, 2_500]);
    expect(first.nights[0]!.priceBaisa).toBeGreaterThan(2_500);
    expect((await book('deluxe', day(152), day(153))).totalPriceBaisa).toBe(2_500);
  });
});

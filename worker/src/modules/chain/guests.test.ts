import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { ChainHotel } from '@shared/chain-schemas';
import { book, json, stays } from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';
import { atHotel, cookieOf, MUSCAT, pushAll, SALALAH, setUpSalalah } from '@worker-test/chain';

/**
 * A guest across the chain (docs/decisions/103, "Guests across the chain"): one search of dates at
 * every hotel, each hotel's rooms left and price as that hotel's own calendar answers them; the
 * account's stays at every hotel in one list.
 */

beforeAll(setUpSalalah);

type Availability = {
  hotels: {
    hotel: ChainHotel;
    roomTypes: { code: string; available: number; priceBaisa: number | null }[];
    error?: string;
  }[];
};

/** A hotel's own calendar for a type and stay (GET /api/availability, standard plan). */
async function ownCalendar(code: string, roomType: string, from: string, to: string, adults: number) {
  const res = await atHotel(
    code,
    `/api/availability?roomType=${roomType}&from=${from}&to=${to}&ratePlan=standard&adults=${adults}`,
  );
  expect(res.status).toBe(200);
  const { nights } = await json<{ nights: { available: number; priceBaisa: number }[] }>(res);
  return {
    available: Math.min(...nights.map((n) => n.available)),
    priceBaisa: nights.reduce((sum, n) => sum + n.priceBaisa, 0),
  };
}

describe('GET /api/chain/availability', () => {
  it('answers every hotel side by side, each as its own calendar does, from any hotel', async () => {
    const from = addDays(hotelToday(), 40);
    const to = addDays(from, 3);
    // Salalah has fewer gold rooms than Muscat.
    await env.DB_SALALAH.prepare("update room_inventory set total_count = 2 where room_type = 'gold'").run();
    await env.DB_SALALAH.prepare(
      "update change_counters set version = version + 1 where resource in ('inventory', 'content')",
    ).run();

    const answers: Availability[] = [];
    for (const at of [MUSCAT, SALALAH]) {
      const res = await atHotel(at, `/api/chain/availability?from=${from}&to=${to}&adults=2`);
      expect(res.status, await res.clone().text()).toBe(200);
      answers.push(await json<Availability>(res));
    }
    // The same answer from either hotel (but which one is the current).
    const apart = (a: Availability) => a.hotels.map((h) => ({ ...h, hotel: { ...h.hotel, current: null } }));
    expect(apart(answers[0]!)).toEqual(apart(answers[1]!));
    const { hotels } = answers[0]!;
    expect(hotels.map((h) => h.hotel.code)).toEqual([MUSCAT, SALALAH]);
    for (const { hotel, roomTypes } of hotels) {
      expect(roomTypes.length).toBeGreaterThan(0);
      for (const type of roomTypes) {
        expect(type, `${hotel.code} ${type.code}`).toMatchObject(
          await ownCalendar(hotel.code, type.code, from, to, 2),
        );
      }
    }
    const gold = (code: string) =>
      hotels.find((h) => h.hotel.code === code)!.roomTypes.find((t) => t.code === 'gold')!;
    expect(gold(SALALAH).available).toBe(2);
    expect(gold(MUSCAT).available).toBeGreaterThan(2);
  });

  it('refuses impossible searches in the guest’s language, and takes Arabic-Indic digits', async () => {
    const today = hotelToday();
    const ask = (query: string, lang: 'ar' | 'en' = 'en') =>
      call(`/api/chain/availability?${query}`, { lang });
    const past = await ask(`from=${addDays(today, -1)}&to=${addDays(today, 1)}`);
    expect(past.status).toBe(400);
    expect(await json(past)).toMatchObject({ error: { code: 'validation_failed' } });
    expect((await ask(`from=${addDays(today, 5)}&to=${addDays(today, 5)}`)).status).toBe(400);
    expect((await ask(`from=${addDays(today, 5)}&to=${addDays(today, 200)}`)).status).toBe(400);
    expect((await ask(`from=${addDays(today, 5)}&to=${addDays(today, 6)}&adults=99`)).status).toBe(400);
    expect((await ask('from=tomorrow&to=never')).status).toBe(400);
    expect((await ask(`from=${'9'.repeat(5000)}`)).status).toBe(400);
    const ar = await ask(`from=${addDays(today, -1)}&to=${addDays(today, 1)}`, 'ar');
    expect(JSON.stringify(await json(ar))).toMatch(/[\u0600-\u06FF]/);
    const arabicDigits = (s: string) => s.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    const indic = await ask(
      `from=${encodeURIComponent(arabicDigits(addDays(today, 50)))}&to=${encodeURIComponent(arabicDigits(addDays(today, 51)))}&adults=${encodeURIComponent('٢')}`,
    );
    expect(indic.status, await indic.clone().text()).toBe(200);
  });
});

describe('GET /api/chain/my-stays', () => {
  it('lists the account’s stays at every hotel, each with its hotel, and nobody else’s', async () => {
    const stay = stays({ from: 470, every: 3, nights: 1 });
    const guest = await signUp('Two Hotels');
    const muscat = await book({ fullName: 'Two Hotels' }, { cookie: guest.cookie, stay });
    await pushAll();
    const login = await atHotel(SALALAH, '/api/auth/login', {
      method: 'POST',
      json: { email: guest.email, password: guest.password },
    });
    const salalahCookie = cookieOf(login);
    const salalah = await atHotel(SALALAH, '/api/booking-submissions', {
      method: 'POST',
      cookie: salalahCookie,
      json: {
        fullName: 'Two Hotels',
        phoneNumber: '91114444',
        idNumber: '12345678',
        roomType: 'gold',
        bedType: 'double',
        smokingPreference: 'non_smoking',
        numberOfGuests: 2,
        ...stay(),
      },
      headers: { 'cf-connecting-ip': '10.9.8.7' },
    });
    expect(salalah.status, await salalah.clone().text()).toBe(201);
    const salalahRef = (await json<{ booking: { reference: string } }>(salalah)).booking.reference;

    for (const [code, cookie] of [
      [MUSCAT, guest.cookie],
      [SALALAH, salalahCookie],
    ] as const) {
      const res = await atHotel(code, '/api/chain/my-stays', { cookie });
      expect(res.status).toBe(200);
      const { stays: listed } = await json<{
        stays: { hotel: { code: string }; booking: { reference: string } }[];
      }>(res);
      expect(listed.map((s) => `${s.hotel.code}:${s.booking.reference}`).sort()).toEqual(
        [`${MUSCAT}:${muscat.reference}`, `${SALALAH}:${salalahRef}`].sort(),
      );
    }
    // Another guest sees none of them.
    const other = await signUp('Someone Else');
    const theirs = await json<{ stays: unknown[] }>(
      await call('/api/chain/my-stays', { cookie: other.cookie }),
    );
    expect(theirs.stays).toEqual([]);
    expect((await call('/api/chain/my-stays')).status).toBe(401);
  });
});

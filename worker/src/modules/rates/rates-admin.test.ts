import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import { toArabicIndicDigits } from '@shared/digits';
import { call, signUp } from '@worker-test/helpers';
import { adminCookie, json, staffCookie } from '@worker-test/builders';
import {
  codesOf,
  createPlan,
  lastAudit,
  managerCookie,
  newPlan,
  patchPlan,
  planList,
  plans,
  refusal,
  type ErrorBody,
} from '@worker-test/rates';

/**
 * The rate calendar read by staff and edited in bulk by managers (decision 064; GET/PUT
 * /api/admin/rates): each rule and each refusal's code, Arabic-Indic digits, null clearing, the
 * audit lines, racing edits and bad bodies, and who may read and write rates and plans. What a
 * guest is then quoted comes from GET /api/quote. The plans themselves are plans-admin.test.ts.
 */

type CalendarNight = {
  roomType: string;
  night: string;
  sold: boolean;
  own: Record<string, number | boolean | null>;
  priceBaisa: number;
  singlePriceBaisa: number;
  extraGuestPriceBaisa: number;
  priceSource: 'own' | 'parent' | 'room_type';
  restrictions: {
    closed: boolean;
    minStay: number | null;
    maxStay: number | null;
    closedToArrival: boolean;
    closedToDeparture: boolean;
  };
};
type Calendar = { ratePlan: string; from: string; to: string; nights: CalendarNight[] };

let admin = '';
let manager = '';
let staff = '';
beforeAll(async () => {
  admin = await adminCookie();
  staff = await staffCookie();
  manager = await managerCookie();
});

const today = hotelToday();
const day = (n: number) => addDays(today, n);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

const putRates = (body: unknown, cookie = manager, lang: 'ar' | 'en' = 'en') =>
  call('/api/admin/rates', { method: 'PUT', json: body, cookie, lang });
const readRates = (q: Record<string, string>, cookie = staff) =>
  call(`/api/admin/rates?${new URLSearchParams(q)}`, { cookie, lang: 'en' });
const quote = (q: Record<string, string | number>) =>
  call(`/api/quote?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`, {
    lang: 'en',
  });

async function rows(plan: string, roomType: string, from: string, to: string) {
  const { results } = await env.DB.prepare(
    `select * from rate_nights where rate_plan = ? and room_type = ? and night between ? and ? order by night`,
  )
    .bind(plan, roomType, from, to)
    .all<Record<string, unknown>>();
  return results;
}

const fieldCodeOf = codesOf;

describe('the rate calendar', () => {
  const nextDecember = () => {
    const year = Number(today.slice(0, 4)) + (today.slice(5) >= '12-01' ? 1 : 0);
    return { from: `${year}-12-01`, to: `${year + 1}-03-31` };
  };

  it('sets every Thursday and Friday from 1 December to 31 March to 18.000 with two nights minimum; the quote follows', async () => {
    const { from, to } = nextDecember();
    const res = await putRates({
      ratePlan: 'standard',
      roomType: ['gold', 'diamond'],
      from,
      to,
      weekdays: [4, 5],
      priceBaisa: 18_000,
      minStay: 2,
    });
    expect(res.status).toBe(200);
    const answer = await json<{ nights: number; rows: number; message: string }>(res);
    const thursdaysAndFridays = stayNights(from, addDays(to, 1)).filter((d) => [4, 5].includes(weekday(d)));
    expect(answer.nights).toBe(thursdaysAndFridays.length);
    expect(answer.rows).toBe(2 * thursdaysAndFridays.length);
    expect(answer.message).toBe(`Rates saved for ${thursdaysAndFridays.length} nights`);
    const stored = await rows('standard', 'gold', from, to);
    expect(stored.map((r) => r.night)).toEqual(thursdaysAndFridays);
    expect(stored.every((r) => r.price_baisa === 18_000 && r.min_stay === 2 && r.max_stay === null)).toBe(
      true,
    );
    expect(await rows('standard', 'silver', from, to)).toEqual([]);
    const thursday = thursdaysAndFridays.find((d) => weekday(d) === 4)!;
    const two = await json<{ nights: { date: string; priceBaisa: number }[]; totalPriceBaisa: number }>(
      await quote({ roomType: 'gold', checkInDate: thursday, checkOutDate: addDays(thursday, 2) }),
    );
    expect(two.nights).toEqual([
      { date: thursday, priceBaisa: 18_000 },
      { date: addDays(thursday, 1), priceBaisa: 18_000 },
    ]);
    expect(two.totalPriceBaisa).toBe(36_000);
    const one = await quote({ roomType: 'gold', checkInDate: thursday, checkOutDate: addDays(thursday, 1) });
    expect(one.status).toBe(422);
    expect((await json<ErrorBody>(one)).error.code).toBe('min_stay');
    // A Wednesday of the season keeps the room type's price and no minimum.
    const wednesday = addDays(thursday, 6);
    const wed = await quote({
      roomType: 'gold',
      checkInDate: wednesday,
      checkOutDate: addDays(wednesday, 1),
    });
    expect(wed.status).toBe(200);
    expect((await json<{ totalPriceBaisa: number }>(wed)).totalPriceBaisa).toBe(13_200);
    // The audit line keeps the edit as it was asked.
    const line = await lastAudit('rates.updated');
    expect(line!.entity_id).toBe('standard');
    expect(JSON.parse(line!.after)).toMatchObject({
      ratePlan: 'standard',
      roomTypes: ['gold', 'diamond'],
      from,
      to,
      weekdays: [4, 5],
      priceBaisa: 18_000,
      minStay: 2,
    });
  });

  it('leaves absent values as they are, clears null ones, and deletes a night left with nothing', async () => {
    const [a, b] = [day(30), day(31)];
    expect(
      (
        await putRates({
          ratePlan: 'standard',
          roomType: 'silver',
          from: a,
          to: b,
          priceBaisa: 20_000,
          closed: true,
        })
      ).status,
    ).toBe(200);
    expect(
      (await putRates({ ratePlan: 'standard', roomType: 'silver', from: a, to: a, maxStay: 5 })).status,
    ).toBe(200);
    let stored = await rows('standard', 'silver', a, b);
    expect(stored.map((r) => [r.price_baisa, r.closed, r.max_stay])).toEqual([
      [20_000, 1, 5],
      [20_000, 1, null],
    ]);
    expect(
      (
        await putRates({
          ratePlan: 'standard',
          roomType: 'silver',
          from: a,
          to: b,
          priceBaisa: null,
          closed: null,
        })
      ).status,
    ).toBe(200);
    stored = await rows('standard', 'silver', a, b);
    expect(stored.map((r) => [r.night, r.price_baisa, r.closed, r.max_stay])).toEqual([[a, null, null, 5]]);
    const calendar = await json<Calendar>(
      await readRates({ ratePlan: 'standard', roomType: 'silver', from: a, to: b }),
    );
    expect(
      calendar.nights.map((n) => [n.own.priceBaisa, n.priceBaisa, n.priceSource, n.restrictions.maxStay]),
    ).toEqual([
      [null, 12_600, 'room_type', 5],
      [null, 12_600, 'room_type', null],
    ]);
  });

  it('reads the calendar with each night’s own values and the figures the quote makes of them', async () => {
    const n = day(40);
    await putRates({
      ratePlan: 'standard',
      roomType: 'deluxe',
      from: n,
      to: n,
      priceBaisa: 30_000,
      singlePriceBaisa: 25_000,
      extraGuestPriceBaisa: 5_000,
      closedToArrival: true,
    });
    await putRates({ ratePlan: 'non_refundable', roomType: 'deluxe', from: n, to: n, minStay: 3 }, admin);
    const res = await readRates({ ratePlan: 'non_refundable', from: n, to: addDays(n, 1) });
    expect(res.status).toBe(200);
    const calendar = await json<Calendar>(res);
    // All four room types, two nights each.
    expect(calendar.nights.length).toBe(8);
    expect(new Set(calendar.nights.map((x) => x.roomType))).toEqual(
      new Set(['silver', 'gold', 'diamond', 'deluxe']),
    );
    const deluxe = calendar.nights.find((x) => x.roomType === 'deluxe' && x.night === n)!;
    expect(deluxe).toMatchObject({
      sold: true,
      own: { priceBaisa: null, minStay: 3, closedToArrival: null },
      priceBaisa: 27_000,
      singlePriceBaisa: 22_500,
      extraGuestPriceBaisa: 4_500,
      priceSource: 'parent',
      restrictions: {
        minStay: 3,
        closedToArrival: true,
        closed: false,
        closedToDeparture: false,
        maxStay: null,
      },
    });
    // The same night on standard: its own price.
    const standard = await json<Calendar>(
      await readRates({ ratePlan: 'standard', roomType: 'deluxe', from: n, to: n }),
    );
    expect(standard.nights).toEqual([
      expect.objectContaining({
        priceBaisa: 30_000,
        singlePriceBaisa: 25_000,
        extraGuestPriceBaisa: 5_000,
        priceSource: 'own',
      }),
    ]);
    // And the quote agrees with the calendar, guests included.
    const q = await json<{ totalPriceBaisa: number }>(
      await quote({
        roomType: 'deluxe',
        ratePlan: 'non_refundable',
        checkInDate: addDays(n, 1),
        checkOutDate: addDays(n, 2),
        numberOfGuests: 3,
      }),
    );
    const next = calendar.nights.find((x) => x.roomType === 'deluxe' && x.night === addDays(n, 1))!;
    expect(q.totalPriceBaisa).toBe(next.priceBaisa + next.extraGuestPriceBaisa);
  });

  it('refuses a bad read: too many nights, the end before the start, an unknown plan', async () => {
    expect(await fieldCodeOf(await readRates({ ratePlan: 'standard', from: day(0), to: day(62) }))).toContain(
      'rate_read_too_long',
    );
    expect((await readRates({ ratePlan: 'standard', from: day(1), to: day(62) })).status).toBe(200);
    expect(await fieldCodeOf(await readRates({ ratePlan: 'standard', from: day(5), to: day(4) }))).toContain(
      'rate_to_before_from',
    );
    expect(await refusal(await readRates({ ratePlan: 'no_such', from: day(1), to: day(2) }))).toMatchObject({
      status: 404,
      code: 'rate_plan_not_found',
    });
    expect((await readRates({ ratePlan: 'standard', from: 'soon', to: day(2) })).status).toBe(400);
  });

  it('refuses a bad edit with its code', async () => {
    const base = { ratePlan: 'standard', roomType: 'silver', from: day(50), to: day(51), priceBaisa: 15_000 };
    const cases: [Record<string, unknown>, string][] = [
      [{ to: day(49) }, 'rate_to_before_from'],
      [{ from: day(-2), to: day(1) }, 'rate_from_past'],
      [{ from: day(1), to: day(1 + 731) }, 'rate_range_too_long'],
      [{ weekdays: [7] }, 'rate_weekdays_invalid'],
      [{ weekdays: [-1] }, 'rate_weekdays_invalid'],
      [{ weekdays: [1, 1] }, 'rate_weekdays_invalid'],
      [{ weekdays: [0, 1, 2, 3, 4, 5, 6, 0] }, 'rate_weekdays_invalid'],
      [{ priceBaisa: -1 }, 'rate_price_invalid'],
      [{ priceBaisa: 1.5 }, 'rate_price_invalid'],
      [{ priceBaisa: '1e4' }, 'rate_price_invalid'],
      [{ priceBaisa: 10_000_001 }, 'rate_price_invalid'],
      [{ singlePriceBaisa: -5 }, 'rate_price_invalid'],
      [{ extraGuestPriceBaisa: true }, 'rate_price_invalid'],
      [{ minStay: 0 }, 'rate_stay_invalid'],
      [{ maxStay: 366 }, 'rate_stay_invalid'],
      [{ minStay: 4, maxStay: 3 }, 'rate_min_over_max'],
      [{ closed: 'yes' }, 'rate_flag_invalid'],
      [{ priceBaisa: undefined }, 'rate_nothing_to_change'],
      [{ ratePlan: 'no_such_plan' }, 'rate_plan_unknown'],
      [{ ratePlan: 'Bad-Code' }, 'rate_plan_code_invalid'],
      [{ roomType: 'penthouse' }, 'invalid_room_type'],
      [{ roomType: [] }, 'invalid_room_type'],
      [{ roomType: ['gold', 'gold'] }, 'invalid_room_type'],
      [{ from: '2027-02-30' }, 'invalid_date'],
      [{ from: day(52), to: day(53), weekdays: [weekday(day(54))] }, 'rate_no_nights'],
    ];
    for (const [over, code] of cases) {
      const res = await putRates({ ...base, ...over });
      expect({ over, status: res.status }).toEqual({ over, status: 400 });
      expect({ over, codes: await fieldCodeOf(res) }).toEqual({
        over,
        codes: expect.arrayContaining([code]),
      });
    }
    // A plan that does not sell the room type.
    expect((await createPlan(newPlan('silver_only', { roomTypes: ['silver'] }))).status).toBe(201);
    expect(
      await fieldCodeOf(await putRates({ ...base, ratePlan: 'silver_only', roomType: 'gold' })),
    ).toContain('rate_plan_room_type_unsold');
    expect(await rows('standard', 'silver', day(49), day(54))).toEqual([]);
    // The limit is named in the language's digits.
    const ar = await json<ErrorBody>(await putRates({ ...base, from: day(1), to: day(800) }, manager, 'ar'));
    expect(ar.error.fields?.to).toContain('٧٣١');
  });

  it('reads prices, stays and dates typed in Arabic-Indic digits', async () => {
    const [from, to] = [day(60), day(61)];
    const res = await putRates({
      ratePlan: 'standard',
      roomType: 'silver',
      from: toArabicIndicDigits(from),
      to: toArabicIndicDigits(to),
      weekdays: [toArabicIndicDigits(String(weekday(from)))],
      priceBaisa: '٢٢٥٠٠',
      minStay: '٣',
    });
    expect(res.status).toBe(200);
    expect(
      (await rows('standard', 'silver', from, to)).map((r) => [r.night, r.price_baisa, r.min_stay]),
    ).toEqual([[from, 22_500, 3]]);
  });

  it('writes 731 nights in one edit (one statement per room type, within D1’s bound values) and refuses 732', async () => {
    const from = day(0);
    const ok = await putRates(
      {
        ratePlan: 'bed_and_breakfast',
        roomType: ['silver', 'gold', 'diamond', 'deluxe'],
        from,
        to: addDays(from, 730),
        closedToDeparture: true,
      },
      admin,
    );
    expect(ok.status).toBe(200);
    expect(await json<{ nights: number; rows: number }>(ok)).toMatchObject({ nights: 731, rows: 4 * 731 });
    expect((await rows('bed_and_breakfast', 'deluxe', from, addDays(from, 731))).length).toBe(731);
    const tooLong = await putRates(
      {
        ratePlan: 'bed_and_breakfast',
        roomType: 'silver',
        from,
        to: addDays(from, 731),
        closedToDeparture: true,
      },
      admin,
    );
    expect(tooLong.status).toBe(400);
    expect(await fieldCodeOf(tooLong)).toContain('rate_range_too_long');
    // Cleared again, no row is left.
    expect(
      (
        await putRates(
          {
            ratePlan: 'bed_and_breakfast',
            roomType: ['silver', 'gold', 'diamond', 'deluxe'],
            from,
            to: addDays(from, 730),
            closedToDeparture: null,
          },
          admin,
        )
      ).status,
    ).toBe(200);
    const { results } = await env.DB.prepare(
      `select count(*) as n from rate_nights where rate_plan = 'bed_and_breakfast'`,
    ).all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
  });

  it('keeps one row per night when 20 identical edits race', async () => {
    const [from, to] = [day(70), day(79)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        putRates({ ratePlan: 'standard', roomType: 'silver', from, to, priceBaisa: 17_000 }),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const stored = await rows('standard', 'silver', from, to);
    expect(stored.length).toBe(10);
    expect(new Set(stored.map((r) => r.night)).size).toBe(10);
    expect(stored.every((r) => r.price_baisa === 17_000)).toBe(true);
  });

  it('answers 400, never 500, to malformed and huge bodies', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { ratePlan: { $gt: '' }, roomType: 'gold', from: day(1), to: day(2), priceBaisa: 1 },
      { ratePlan: 'standard', roomType: Array(500).fill('gold'), from: day(1), to: day(2), priceBaisa: 1 },
      {
        ratePlan: 'standard',
        roomType: 'gold',
        from: day(1),
        to: day(2),
        weekdays: Array(500).fill(1),
        priceBaisa: 1,
      },
      {
        ratePlan: 'standard',
        roomType: 'gold',
        from: day(1),
        to: day(2),
        weekdays: 'thursday',
        priceBaisa: 1,
      },
      { ratePlan: 'standard', roomType: 'gold', from: day(1), to: day(2), priceBaisa: 1e300 },
      { ratePlan: 'standard', roomType: 'gold', from: day(1), to: day(2), priceBaisa: '9'.repeat(2_000) },
      { ratePlan: 'standard', roomType: 'gold', from: 'x'.repeat(2_000), to: day(2), priceBaisa: 1 },
    ];
    for (const body of bodies) {
      const res = await putRates(body);
      expect({ body: JSON.stringify(body).slice(0, 60), status: res.status }).toEqual({
        body: JSON.stringify(body).slice(0, 60),
        status: 400,
      });
    }
    // Past the API's body limit: 413, before anything parses it.
    const huge = await putRates({
      ratePlan: 'standard',
      roomType: Array(20_000).fill('gold'),
      from: day(1),
      to: day(2),
    });
    expect(await refusal(huge)).toMatchObject({ status: 413, code: 'payload_too_large' });
    const broken = await call('/api/admin/rates', {
      method: 'PUT',
      cookie: manager,
      headers: { 'content-type': 'application/json' },
      body: '{"ratePlan": "standard", ',
    });
    expect(broken.status).toBe(400);
    for (const body of [
      null,
      [],
      { code: 'x'.repeat(2_000) },
      { ...newPlan('huge'), roomTypes: Array(500).fill('gold') },
    ]) {
      expect((await createPlan(body)).status).toBe(400);
      expect((await patchPlan('standard', body)).status).toBe(400);
    }
  });
});

describe('who may read and write rates', () => {
  it('lets staff read plans and the calendar but write neither; managers edit nights but not plans; admins both', async () => {
    const guest = (await signUp()).cookie;
    const n = day(90);
    const edit = { ratePlan: 'standard', roomType: 'gold', from: n, to: n, priceBaisa: 14_000 };
    const read = { ratePlan: 'standard', from: n, to: n };
    // Signed out: 401; a guest: 403.
    for (const cookie of ['', guest]) {
      const status = cookie ? 403 : 401;
      expect((await plans(cookie)).status).toBe(status);
      expect((await readRates(read, cookie)).status).toBe(status);
      expect((await putRates(edit, cookie)).status).toBe(status);
      expect((await createPlan(newPlan('by_guest'), cookie)).status).toBe(status);
      expect((await patchPlan('standard', { nameEn: 'X' }, cookie)).status).toBe(status);
    }
    // Staff read, never write.
    expect((await plans(staff)).status).toBe(200);
    expect((await readRates(read, staff)).status).toBe(200);
    expect((await refusal(await putRates(edit, staff))).code).toBe('forbidden');
    expect((await createPlan(newPlan('by_staff'), staff)).status).toBe(403);
    // Managers edit nights, not plans.
    expect((await putRates(edit, manager)).status).toBe(200);
    expect((await createPlan(newPlan('by_manager'), manager)).status).toBe(403);
    expect((await patchPlan('standard', { nameEn: 'X' }, manager)).status).toBe(403);
    // Admins do both.
    expect((await putRates({ ...edit, priceBaisa: 14_500 }, admin)).status).toBe(200);
    expect((await createPlan(newPlan('by_admin'), admin)).status).toBe(201);
    expect((await rows('standard', 'gold', n, n))[0]!.price_baisa).toBe(14_500);
    expect((await planList()).map((p) => p.code)).not.toEqual(expect.arrayContaining(['by_guest']));
    const codes = (await planList()).map((p) => p.code);
    for (const refused of ['by_guest', 'by_staff', 'by_manager']) expect(codes).not.toContain(refused);
  });
});

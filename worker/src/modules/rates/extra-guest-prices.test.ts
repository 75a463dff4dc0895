import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { adjustedBaisa } from '@shared/rates';
import { translate } from '../../platform/messages';
import { call } from '@worker-test/helpers';
import { adminCookie, book, json, staffCookie, stays } from '@worker-test/builders';
import { createPlan, lastAudit, managerCookie, newPlan, patchPlan, type ErrorBody } from '@worker-test/rates';

/**
 * The price of each guest beyond a room type's base occupancy, set where a revenue manager looks
 * for it (decision 064, "Extra guests"): the room type's own (PATCH/POST /api/admin/room-types),
 * the plan's own (/api/admin/rate-plans), a night's own on the rate calendar (PUT
 * /api/admin/rates); the night's wins, then the plan's, then the type's, then the spec's 2.000. The
 * quote, the booking calendar, a booking, the rate calendar and the public plans follow it; a
 * plan following a parent by a percentage follows its extras too unless it sets its own.
 */

let admin = '';
let manager = '';
let staff = '';
beforeAll(async () => {
  admin = await adminCookie();
  manager = await managerCookie();
  staff = await staffCookie();
});

const night = addDays(hotelToday(), 40);
const stay = { roomType: 'gold', checkInDate: night, checkOutDate: addDays(night, 1) };

type Quote = { nights: { date: string; priceBaisa: number }[]; totalPriceBaisa: number };
const query = (q: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));

/** The quote of `stay` for `guests` adults (and `children`) on `ratePlan`. */
async function quoted(ratePlan: string, adults: number, children = 0) {
  const res = await call(`/api/quote?${query({ ...stay, ratePlan, adults, children })}`, { lang: 'en' });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<Quote>(res)).totalPriceBaisa;
}

/** The booking calendar's price of the night for `adults` and `children` on `ratePlan`. */
async function calendarPrice(ratePlan: string, adults: number, children = 0) {
  const q = { roomType: 'gold', from: stay.checkInDate, to: stay.checkOutDate, ratePlan, adults, children };
  const res = await call(`/api/availability?${query(q)}`, { lang: 'en' });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<{ nights: { priceBaisa: number }[] }>(res)).nights[0]!.priceBaisa;
}

/**
 * What the third and the fourth guest add to the night on `ratePlan`, by the quote; the booking
 * calendar must say the same (the third an adult, the fourth a child: guests are guests).
 */
async function extras(ratePlan: string): Promise<[number, number]> {
  const two = await quoted(ratePlan, 2);
  const three = await quoted(ratePlan, 3);
  const four = await quoted(ratePlan, 3, 1);
  expect(await calendarPrice(ratePlan, 2)).toBe(two);
  expect(await calendarPrice(ratePlan, 3)).toBe(three);
  expect(await calendarPrice(ratePlan, 2, 2)).toBe(four);
  return [three - two, four - two];
}

const patchType = (body: unknown, lang: 'ar' | 'en' = 'en') =>
  call('/api/admin/room-types/gold', { method: 'PATCH', cookie: admin, json: body, lang });
const adminGold = async () =>
  (
    await json<{ roomTypes: { code: string; extraGuestPriceBaisa: number | null }[] }>(
      await call('/api/admin/room-types', { cookie: admin }),
    )
  ).roomTypes.find((t) => t.code === 'gold')!;
const publicGold = async () =>
  (await json<{ code: string; extraGuestPriceBaisa: number | null }[]>(await call('/api/room-types'))).find(
    (t) => t.code === 'gold',
  )!;
const putNight = (body: Record<string, unknown>) =>
  call('/api/admin/rates', {
    method: 'PUT',
    cookie: manager,
    json: { ratePlan: 'standard', roomType: 'gold', from: night, to: night, ...body },
    lang: 'en',
  });

type CalendarNight = {
  extraGuestPriceBaisa: number;
  extraGuestSource: string;
  inheritedExtraGuest: { priceBaisa: number; source: string };
};
async function calendarNight(ratePlan: string): Promise<CalendarNight> {
  const q = { ratePlan, from: night, to: night, roomType: 'gold' };
  const res = await call(`/api/admin/rates?${query(q)}`, { cookie: staff, lang: 'en' });
  expect(res.status).toBe(200);
  return (await json<{ nights: CalendarNight[] }>(res)).nights[0]!;
}

type PublicPlan = {
  code: string;
  extraGuestPriceBaisa: number | null;
  extraGuestBaisa: Record<string, number>;
};
const publicPlan = async (code: string) =>
  (await json<{ ratePlans: PublicPlan[] }>(await call('/api/rate-plans'))).ratePlans.find(
    (p) => p.code === code,
  )!;

describe('the extra-guest price: the night’s own, the plan’s, the room type’s, the spec’s', () => {
  it('prices a third and fourth guest at the spec’s 2.000 until something is set', async () => {
    expect(await extras('standard')).toEqual([2_000, 4_000]);
    expect((await adminGold()).extraGuestPriceBaisa).toBeNull();
    expect((await publicGold()).extraGuestPriceBaisa).toBeNull();
    expect((await publicPlan('standard')).extraGuestBaisa.gold).toBe(2_000);
  });

  it('takes the room type’s own price, typed with Arabic-Indic digits, kept and answered, with an audit line', async () => {
    const res = await patchType({ extraGuestPriceBaisa: '٣٠٠٠' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await adminGold()).extraGuestPriceBaisa).toBe(3_000);
    expect((await publicGold()).extraGuestPriceBaisa).toBe(3_000);
    expect(await extras('standard')).toEqual([3_000, 6_000]);
    // A plan following standard by -10% follows its extras too: 90% of the whole night.
    const [two] = [await quoted('standard', 2)];
    const nonRefundable = await extras('non_refundable');
    expect(nonRefundable).toEqual([
      adjustedBaisa(two + 3_000, -10) - adjustedBaisa(two, -10),
      adjustedBaisa(two + 6_000, -10) - adjustedBaisa(two, -10),
    ]);
    expect((await publicPlan('standard')).extraGuestBaisa.gold).toBe(3_000);
    const line = await env.DB.prepare(
      `select after from audit_log where entity_id = 'gold' and action like 'room_type%' order by id desc limit 1`,
    ).first<{ after: string }>();
    expect(JSON.parse(line!.after)).toMatchObject({ extraGuestPriceBaisa: 3_000 });
    // A booking keeps the same price: four guests, each night at the type's extra-guest price.
    const booking = await book(
      { roomType: 'gold', numberOfGuests: 4, adults: 4, children: 0 },
      { stay: stays({ from: 60, nights: 2 }) },
    );
    const q = await json<Quote>(
      await call(
        `/api/quote?${query({ roomType: 'gold', checkInDate: booking.checkInDate, checkOutDate: booking.checkOutDate, adults: 2 })}`,
      ),
    );
    expect(booking.totalPriceBaisa).toBe(q.totalPriceBaisa + 2 * 6_000);
  });

  it('takes the plan’s own over the type’s; a child plan with its own adjusts only the guests in the price', async () => {
    const res = await patchPlan('standard', { extraGuestPriceBaisa: '٤٥٠٠' }, admin);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json<{ ratePlan: PublicPlan }>(res)).ratePlan.extraGuestPriceBaisa).toBe(4_500);
    expect(JSON.parse((await lastAudit('rate_plan.updated'))!.after)).toMatchObject({
      extraGuestPriceBaisa: 4_500,
    });
    expect(await extras('standard')).toEqual([4_500, 9_000]);
    expect((await publicPlan('standard')).extraGuestBaisa.gold).toBe(4_500);
    // The child plan's own: the parent's night for two at 90%, then 1.000 a guest, not adjusted.
    expect((await patchPlan('non_refundable', { extraGuestPriceBaisa: 1_000 }, admin)).status).toBe(200);
    expect(await extras('non_refundable')).toEqual([1_000, 2_000]);
    expect(await quoted('non_refundable', 2)).toBe(adjustedBaisa(await quoted('standard', 2), -10));
    expect((await publicPlan('non_refundable')).extraGuestBaisa.gold).toBe(1_000);
    // Cleared: the child follows its parent's whole night again.
    expect((await patchPlan('non_refundable', { extraGuestPriceBaisa: null }, admin)).status).toBe(200);
    const two = await quoted('standard', 2);
    expect((await extras('non_refundable'))[0]).toBe(
      adjustedBaisa(two + 4_500, -10) - adjustedBaisa(two, -10),
    );
    // A new plan may be created with its own.
    const created = await createPlan(
      newPlan('family_deal', { roomTypes: ['gold'], extraGuestPriceBaisa: 0 }),
    );
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await extras('family_deal')).toEqual([0, 0]);
  });

  it('takes the night’s own over the plan’s; the rate calendar says where each comes from and what clearing leads to', async () => {
    expect((await putNight({ extraGuestPriceBaisa: 6_000 })).status).toBe(200);
    expect(await extras('standard')).toEqual([6_000, 12_000]);
    expect(await calendarNight('standard')).toMatchObject({
      extraGuestPriceBaisa: 6_000,
      extraGuestSource: 'own',
      inheritedExtraGuest: { priceBaisa: 4_500, source: 'plan' },
    });
    // The plan's own cleared: the room type's is what clearing the night would lead to.
    expect((await patchPlan('standard', { extraGuestPriceBaisa: null }, admin)).status).toBe(200);
    expect((await calendarNight('standard')).inheritedExtraGuest).toEqual({
      priceBaisa: 3_000,
      source: 'room_type',
    });
    // The night's own cleared too: the type's; the type's cleared: the spec's.
    expect((await putNight({ extraGuestPriceBaisa: null })).status).toBe(200);
    expect(await calendarNight('standard')).toMatchObject({
      extraGuestPriceBaisa: 3_000,
      extraGuestSource: 'room_type',
    });
    expect(await calendarNight('non_refundable')).toMatchObject({ extraGuestSource: 'parent' });
    expect((await patchType({ extraGuestPriceBaisa: null })).status).toBe(200);
    expect(await calendarNight('standard')).toMatchObject({
      extraGuestPriceBaisa: 2_000,
      extraGuestSource: 'default',
      inheritedExtraGuest: { priceBaisa: 2_000, source: 'default' },
    });
    expect(await extras('standard')).toEqual([2_000, 4_000]);
  });
});

describe('bad extra-guest prices', () => {
  const bad: unknown[] = [-1, 1.5, 'abc', '١٢x', 10_000_001, true, {}];

  it('refuses them on a room type with 400 and the field’s sentence in both languages; nothing changes', async () => {
    for (const value of bad) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await patchType({ extraGuestPriceBaisa: value }, lang);
        const body = await json<ErrorBody>(res);
        expect({
          value,
          status: res.status,
          code: body.error.code,
          field: body.error.fields?.extraGuestPriceBaisa,
        }).toEqual({
          value,
          status: 400,
          code: 'validation_failed',
          field: translate('room_type_price_invalid', lang),
        });
      }
    }
    const created = await call('/api/admin/room-types', {
      method: 'POST',
      cookie: admin,
      lang: 'ar',
      json: {
        code: 'bad-extra',
        nameAr: 'غرفة',
        nameEn: 'Room',
        maxAdults: 2,
        maxChildren: 0,
        maxOccupancy: 2,
        bedTypes: ['double'],
        smokingOptions: ['non_smoking'],
        priceBaisa: 20_000,
        roomCount: 1,
        extraGuestPriceBaisa: -5,
      },
    });
    expect(created.status).toBe(400);
    expect((await json<ErrorBody>(created)).error.fields?.extraGuestPriceBaisa).toBe(
      translate('room_type_price_invalid', 'ar'),
    );
    expect((await adminGold()).extraGuestPriceBaisa).toBeNull();
    // The price before discount past the most had zod's own English sentence, in Arabic too.
    const original = await json<ErrorBody>(await patchType({ originalPriceBaisa: 10_000_001 }, 'ar'));
    expect(original.error.fields?.originalPriceBaisa).toBe(translate('room_type_price_invalid', 'ar'));
  });

  it('refuses them on a plan with 400 and the field’s sentence in both languages', async () => {
    for (const value of bad) {
      for (const lang of ['en', 'ar'] as const) {
        const res = await patchPlan('standard', { extraGuestPriceBaisa: value }, admin, lang);
        const body = await json<ErrorBody>(res);
        expect({ value, status: res.status, field: body.error.fields?.extraGuestPriceBaisa }).toEqual({
          value,
          status: 400,
          field: translate('rate_price_invalid', lang),
        });
      }
    }
    const created = await createPlan(newPlan('bad_extra', { extraGuestPriceBaisa: 'x' }), admin, 'ar');
    expect(created.status).toBe(400);
    expect((await json<ErrorBody>(created)).error.fields?.extraGuestPriceBaisa).toBe(
      translate('rate_price_invalid', 'ar'),
    );
  });

  it('is refused by the database too (its CHECKs), whoever writes', async () => {
    await expect(
      env.DB.prepare(`update rooms set extra_guest_price_baisa = -1 where room_type = 'gold'`).run(),
    ).rejects.toThrow(/rooms_extra_guest_price_check|CHECK/);
    await expect(
      env.DB.prepare(
        `update rate_plans set extra_guest_price_baisa = 10000001 where code = 'standard'`,
      ).run(),
    ).rejects.toThrow(/rate_plans_extra_guest_price_check|CHECK/);
  });

  it('is not changed by staff who may not write plans or types', async () => {
    expect((await patchPlan('standard', { extraGuestPriceBaisa: 1 }, staff)).status).toBe(403);
    const res = await call('/api/admin/room-types/gold', {
      method: 'PATCH',
      cookie: staff,
      json: { extraGuestPriceBaisa: 1 },
    });
    expect(res.status).toBe(403);
  });
});

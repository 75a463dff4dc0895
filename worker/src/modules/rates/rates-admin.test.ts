import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import { toArabicIndicDigits } from '@shared/digits';
import { ERROR_CODES } from '@shared/error-codes';
import { translate } from '../../platform/messages';
import { call, signUp } from '@worker-test/helpers';
import { adminCookie, json, staffAccount, staffCookie } from '@worker-test/builders';

/**
 * The staff's side of rates (decision 064): plans listed by staff and written by admins
 * (GET/POST /api/admin/rate-plans, PATCH /api/admin/rate-plans/:code), and the rate calendar read
 * by staff and edited in bulk by managers (GET/PUT /api/admin/rates): each rule and each refusal's
 * code, Arabic-Indic digits, null clearing, the audit lines, standard's hours being the site's,
 * roles, racing edits and bad bodies. What a guest is then quoted comes from GET /api/quote.
 */

type Plan = {
  code: string;
  nameAr: string;
  nameEn: string;
  roomTypes: string[];
  breakfastIncluded: boolean;
  cancellation: { kind: string; hours?: number };
  deposit: { kind: string; percent?: number };
  parentCode: string | null;
  parentAdjustmentPercent: number | null;
  active: boolean;
  sortOrder: number;
};
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
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
  manager = (await staffAccount({ role: 'manager' })).cookie;
});

const today = hotelToday();
const day = (n: number) => addDays(today, n);
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

const plans = (cookie = staff) => call('/api/admin/rate-plans', { cookie, lang: 'en' });
const createPlan = (body: unknown, cookie = admin, lang: 'ar' | 'en' = 'en') =>
  call('/api/admin/rate-plans', { method: 'POST', json: body, cookie, lang });
const patchPlan = (code: string, body: unknown, cookie = admin, lang: 'ar' | 'en' = 'en') =>
  call(`/api/admin/rate-plans/${code}`, { method: 'PATCH', json: body, cookie, lang });
const putRates = (body: unknown, cookie = manager, lang: 'ar' | 'en' = 'en') =>
  call('/api/admin/rates', { method: 'PUT', json: body, cookie, lang });
const readRates = (q: Record<string, string>, cookie = staff) =>
  call(`/api/admin/rates?${new URLSearchParams(q)}`, { cookie, lang: 'en' });
const quote = (q: Record<string, string | number>) =>
  call(`/api/quote?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`, {
    lang: 'en',
  });

async function planList(): Promise<Plan[]> {
  const res = await plans();
  expect(res.status).toBe(200);
  return (await json<{ ratePlans: Plan[] }>(res)).ratePlans;
}
const planOf = async (code: string) => (await planList()).find((p) => p.code === code)!;

/** A refusal: its status, code, and the field's code when one is named. */
async function refusal(res: Response) {
  const body = await json<ErrorBody>(res);
  return {
    status: res.status,
    code: body.error.code,
    fields: body.error.fields ?? {},
    message: body.error.message,
  };
}

// Each plan its own names: two active plans never share one (rate_plan_name_taken).
const newPlan = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  nameAr: `خطة تجريبية ${code}`,
  nameEn: `Test plan ${code}`,
  roomTypes: ['silver', 'gold'],
  cancellation: { kind: 'free_until', hours: 48 },
  ...over,
});

async function rows(plan: string, roomType: string, from: string, to: string) {
  const { results } = await env.DB.prepare(
    `select * from rate_nights where rate_plan = ? and room_type = ? and night between ? and ? order by night`,
  )
    .bind(plan, roomType, from, to)
    .all<Record<string, unknown>>();
  return results;
}

async function lastAudit(action: string) {
  return env.DB.prepare(
    `select entity_id, before, after, actor_email from audit_log where action = ? order by id desc limit 1`,
  )
    .bind(action)
    .first<{ entity_id: string; before: string | null; after: string; actor_email: string }>();
}

describe('rate plans', () => {
  it('lists every plan to staff, retired ones too, standard first then in their order', async () => {
    expect((await createPlan(newPlan('zz_first', { sortOrder: 0 }))).status).toBe(201);
    expect((await createPlan(newPlan('aa_retired', { sortOrder: 5, active: false }))).status).toBe(201);
    const list = await planList();
    expect(list[0]!.code).toBe('standard');
    const codes = list.map((p) => p.code);
    expect(codes).toEqual(expect.arrayContaining(['non_refundable', 'bed_and_breakfast', 'aa_retired']));
    // zz_first (place 0) before aa_retired (place 5): the order staff set, not the code's.
    expect(codes.indexOf('zz_first')).toBeLessThan(codes.indexOf('aa_retired'));
    expect(list.find((p) => p.code === 'aa_retired')!.active).toBe(false);
    // Guests see active plans only.
    const pub = await json<{ ratePlans: Plan[] }>(await call('/api/rate-plans'));
    expect(pub.ratePlans.map((p) => p.code)).not.toContain('aa_retired');
  });

  it('creates a plan with its rules and an audit line; Arabic-Indic digits are read; a taken code is 409', async () => {
    const res = await createPlan(
      newPlan('weekend_deal', {
        code: ' Weekend_Deal ',
        cancellation: { kind: 'free_until', hours: '٧٢' },
        deposit: { kind: 'percent', percent: '٥٠' },
        parentCode: 'standard',
        parentAdjustmentPercent: '-١٥',
        breakfastIncluded: true,
      }),
    );
    expect(res.status).toBe(201);
    const { ratePlan, message } = await json<{ ratePlan: Plan; message: string }>(res);
    expect(message).toBe('Plan saved');
    expect(ratePlan).toMatchObject({
      code: 'weekend_deal',
      cancellation: { kind: 'free_until', hours: 72 },
      deposit: { kind: 'percent', percent: 50 },
      parentCode: 'standard',
      parentAdjustmentPercent: -15,
      breakfastIncluded: true,
      active: true,
    });
    expect(await planOf('weekend_deal')).toMatchObject(ratePlan);
    const line = await lastAudit('rate_plan.created');
    expect(line?.entity_id).toBe('weekend_deal');
    expect(JSON.parse(line!.after)).toMatchObject({ code: 'weekend_deal', parentAdjustmentPercent: -15 });
    // A parent without a percentage follows it as it is.
    const plain = await json<{ ratePlan: Plan }>(
      await createPlan(newPlan('follows_plain', { parentCode: 'standard' })),
    );
    expect(plain.ratePlan.parentAdjustmentPercent).toBe(0);
    const again = await refusal(await createPlan(newPlan('weekend_deal'), admin, 'ar'));
    expect(again).toMatchObject({ status: 409, code: 'rate_plan_exists' });
    expect(again.message).toBe('توجد خطة سعر بهذا الرمز');
  });

  it('refuses a bad plan field by field with its code, in both languages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ code: '9lives' }, 'code', 'rate_plan_code_invalid'],
      [{ code: 'has-dash' }, 'code', 'rate_plan_code_invalid'],
      [{ code: 'x'.repeat(33) }, 'code', 'rate_plan_code_invalid'],
      [{ nameAr: '  ' }, 'nameAr', 'rate_plan_name_required'],
      [{ nameEn: undefined }, 'nameEn', 'rate_plan_name_required'],
      [{ nameEn: 'x'.repeat(81) }, 'nameEn', 'rate_plan_name_too_long'],
      [{ roomTypes: [] }, 'roomTypes', 'rate_plan_room_types_invalid'],
      [{ roomTypes: ['gold', 'gold'] }, 'roomTypes', 'rate_plan_room_types_invalid'],
      [{ roomTypes: ['gold', 'penthouse'] }, 'roomTypes.1', 'rate_plan_room_types_invalid'],
      [
        { cancellation: { kind: 'free_until', hours: 721 } },
        'cancellation.hours',
        'cancellation_hours_invalid',
      ],
      [
        { cancellation: { kind: 'free_until', hours: -1 } },
        'cancellation.hours',
        'cancellation_hours_invalid',
      ],
      [{ cancellation: { kind: 'sometimes' } }, 'cancellation.kind', 'rate_plan_cancellation_invalid'],
      [{ deposit: { kind: 'percent', percent: 0 } }, 'deposit.percent', 'rate_deposit_percent_invalid'],
      [{ deposit: { kind: 'percent', percent: 101 } }, 'deposit.percent', 'rate_deposit_percent_invalid'],
      [{ deposit: { kind: 'all' } }, 'deposit.kind', 'rate_plan_deposit_invalid'],
      [{ parentAdjustmentPercent: 10 }, 'parentAdjustmentPercent', 'rate_plan_adjustment_without_parent'],
      [
        { parentCode: 'standard', parentAdjustmentPercent: -91 },
        'parentAdjustmentPercent',
        'rate_plan_adjustment_invalid',
      ],
      [
        { parentCode: 'standard', parentAdjustmentPercent: 201 },
        'parentAdjustmentPercent',
        'rate_plan_adjustment_invalid',
      ],
      [
        { parentCode: 'standard', parentAdjustmentPercent: 1.5 },
        'parentAdjustmentPercent',
        'rate_plan_adjustment_invalid',
      ],
      [{ parentCode: 'no_such_plan' }, 'parentCode', 'rate_plan_unknown'],
      [{ active: 'yes' }, 'active', 'rate_flag_invalid'],
    ];
    for (const [over, field, code] of cases) {
      const res = await createPlan(newPlan('bad_plan', over));
      const body = await json<ErrorBody>(res);
      expect({ over, status: res.status, fields: body.error.fields }).toEqual({
        over,
        status: 400,
        fields: expect.objectContaining({ [field]: translate(code, 'en') }),
      });
    }
    // The limits are written in the language's digits.
    const ar = await json<ErrorBody>(
      await createPlan(newPlan('bad_plan', { nameEn: 'x'.repeat(81) }), admin, 'ar'),
    );
    expect(ar.error.fields?.nameEn).toContain('٨٠');
    expect(await planOf('bad_plan')).toBeUndefined();
  });

  it('refuses a parent chain that loops, retiring a plan others follow, and an unknown code', async () => {
    expect((await createPlan(newPlan('loop_a'))).status).toBe(201);
    expect(
      (await createPlan(newPlan('loop_b', { parentCode: 'loop_a', parentAdjustmentPercent: 5 }))).status,
    ).toBe(201);
    expect(await refusal(await patchPlan('loop_a', { parentCode: 'loop_b' }))).toMatchObject({
      status: 400,
      code: 'rate_plan_loop',
    });
    expect(await refusal(await patchPlan('loop_a', { parentCode: 'loop_a' }))).toMatchObject({
      status: 400,
      code: 'rate_plan_loop',
    });
    expect((await planOf('loop_a')).parentCode).toBeNull();
    const inUse = await refusal(await patchPlan('loop_a', { active: false }, admin, 'ar'));
    expect(inUse).toMatchObject({ status: 409, code: 'rate_plan_in_use' });
    expect(inUse.message).toContain('تتبع');
    // Once the follower is retired, its parent may be too.
    expect((await patchPlan('loop_b', { active: false })).status).toBe(200);
    expect((await patchPlan('loop_a', { active: false })).status).toBe(200);
    expect(await refusal(await patchPlan('no_such_plan', { nameEn: 'X' }))).toMatchObject({
      status: 404,
      code: 'rate_plan_not_found',
    });
    expect(await refusal(await patchPlan('loop_a', {}))).toMatchObject({
      status: 400,
      fields: { _: expect.any(String) },
    });
    expect(await fieldCodeOfPatch('loop_a', {})).toContain('rate_nothing_to_change');
  });

  it('changes only the fields given, drops the percentage with the parent, and writes an audit line with before and after', async () => {
    expect(
      (await createPlan(newPlan('patch_me', { parentCode: 'standard', parentAdjustmentPercent: 10 }))).status,
    ).toBe(201);
    const res = await patchPlan('patch_me', { nameEn: 'Patched', deposit: { kind: 'first_night' } });
    expect(res.status).toBe(200);
    expect(await planOf('patch_me')).toMatchObject({
      nameEn: 'Patched',
      nameAr: 'خطة تجريبية patch_me',
      deposit: { kind: 'first_night' },
      parentCode: 'standard',
      parentAdjustmentPercent: 10,
    });
    const line = await lastAudit('rate_plan.updated');
    expect(JSON.parse(line!.before!)).toMatchObject({ nameEn: 'Test plan patch_me' });
    expect(JSON.parse(line!.after)).toMatchObject({ nameEn: 'Patched' });
    expect(line!.actor_email).toBe('admin@example.com');
    expect((await patchPlan('patch_me', { parentCode: null })).status).toBe(200);
    expect(await planOf('patch_me')).toMatchObject({ parentCode: null, parentAdjustmentPercent: null });
    // A percentage on a plan that has no parent.
    expect(await fieldCodeOfPatch('patch_me', { parentAdjustmentPercent: 5 })).toContain(
      'rate_plan_adjustment_without_parent',
    );
  });

  it('refuses a second active plan of the same name, per language, case and spaces aside, and under a race', async () => {
    const named = (code: string, nameEn: string, nameAr: string, over: Record<string, unknown> = {}) =>
      createPlan(newPlan(code, { nameEn, nameAr, ...over }), admin, 'ar');
    expect((await named('name_first', 'Summer  Escape ', 'عرض الصيف')).status).toBe(201);
    // Saved tidy: trimmed, one space between words.
    expect((await planOf('name_first')).nameEn).toBe('Summer Escape');
    // English alike (case and spaces aside), Arabic different: refused on the English name.
    const en = await refusal(await named('name_second', ' summer escape', 'عرض آخر'));
    expect(en).toMatchObject({
      status: 409,
      code: 'rate_plan_name_taken',
      fields: { nameEn: expect.any(String) },
    });
    expect(en.fields.nameAr).toBeUndefined();
    expect(en.message).toBe('توجد خطة سعر سارية بهذا الاسم؛ اختر اسماً آخر');
    // Arabic alike (spaces aside), English different: refused on the Arabic name, in English too.
    const ar = await refusal(
      await createPlan(newPlan('name_third', { nameEn: 'Winter', nameAr: 'عرض  الصيف' }), admin, 'en'),
    );
    expect(ar).toMatchObject({
      status: 409,
      code: 'rate_plan_name_taken',
      fields: { nameAr: expect.any(String) },
    });
    expect(ar.message).toBe('An active plan already has this name; choose another');
    expect((await planList()).map((p) => p.code)).not.toContain('name_second');
    // A retired plan may share a name; switching it on again, or renaming another to it, is refused.
    expect((await named('name_retired', 'SUMMER ESCAPE', 'عرض الصيف', { active: false })).status).toBe(201);
    expect(await refusal(await patchPlan('name_retired', { active: true }))).toMatchObject({
      status: 409,
      code: 'rate_plan_name_taken',
    });
    expect((await named('name_other', 'Autumn', 'عرض الخريف')).status).toBe(201);
    expect(await refusal(await patchPlan('name_other', { nameEn: 'summer escape' }))).toMatchObject({
      status: 409,
      code: 'rate_plan_name_taken',
    });
    // A plan keeps its own name when saved again.
    expect((await patchPlan('name_first', { nameEn: 'Summer Escape', nameAr: 'عرض الصيف' })).status).toBe(
      200,
    );
    // Two admins creating plans of one name at once: one is saved, the other refused, never a 500.
    const answers = await Promise.all(
      ['race_a', 'race_b', 'race_c'].map((code) => named(code, 'Eid Offer', `عرض العيد ${code}`)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const active = (await planList()).filter((p) => p.active && p.nameEn === 'Eid Offer');
    expect(active).toHaveLength(1);
  });

  it('keeps standard sold, parentless and free-cancellable', async () => {
    for (const body of [
      { active: false },
      { parentCode: 'non_refundable', parentAdjustmentPercent: 5 },
      { cancellation: { kind: 'non_refundable' } },
    ]) {
      expect(await refusal(await patchPlan('standard', body))).toMatchObject({
        status: 400,
        code: 'rate_plan_standard_fixed',
      });
    }
    expect(await planOf('standard')).toMatchObject({ active: true, parentCode: null });
  });

  it('keeps standard’s hours and the site’s free-cancellation hours the same, whichever is changed', async () => {
    expect((await patchPlan('standard', { cancellation: { kind: 'free_until', hours: '٣٦' } })).status).toBe(
      200,
    );
    const settings = await json<Record<string, unknown>>(
      await call('/api/admin/site-settings', { cookie: admin }),
    );
    expect(settings.freeCancellationHours).toBe(36);
    expect((await planOf('standard')).cancellation).toEqual({ kind: 'free_until', hours: 36 });
    const { updatedAt: _u, ...body } = settings;
    const put = await call('/api/admin/site-settings', {
      method: 'PUT',
      json: { ...body, freeCancellationHours: 12 },
      cookie: admin,
    });
    expect(put.status).toBe(200);
    expect((await planOf('standard')).cancellation).toEqual({ kind: 'free_until', hours: 12 });
    // Settings saved without the hours leave standard alone.
    const { freeCancellationHours: _h, ...withoutHours } = body;
    expect(
      (await call('/api/admin/site-settings', { method: 'PUT', json: withoutHours, cookie: admin })).status,
    ).toBe(200);
    expect((await planOf('standard')).cancellation).toEqual({ kind: 'free_until', hours: 12 });
  });
});

/**
 * The codes a refusal's first field (else its own message) may stand for: the API sends each
 * field's sentence in the request's language, so the code is found back by its English sentence.
 */
async function codesOf(res: Response): Promise<string[]> {
  const body = await json<ErrorBody>(res);
  const sentence = Object.values(body.error.fields ?? {})[0] ?? body.error.message;
  return ERROR_CODES.filter((code) => translate(code, 'en') === sentence);
}
const fieldCodeOfPatch = async (code: string, body: Record<string, unknown>) =>
  codesOf(await patchPlan(code, body, admin, 'en'));
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

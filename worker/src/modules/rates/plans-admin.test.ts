import { beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../platform/messages';
import { call } from '@worker-test/helpers';
import { adminCookie, json } from '@worker-test/builders';
import {
  codesOf,
  createPlan,
  lastAudit,
  newPlan,
  patchPlan,
  planList,
  refusal,
  type ErrorBody,
  type Plan,
} from '@worker-test/rates';

/**
 * Rate plans as staff list them and admins write them (decision 064; GET/POST
 * /api/admin/rate-plans, PATCH /api/admin/rate-plans/:code): each rule and each refusal's code,
 * the audit lines, a parent chain, names unique per language, standard's hours being the site's.
 * The rate calendar and who may read and write rates are rates-admin.test.ts.
 */

let admin = '';
beforeAll(async () => {
  admin = await adminCookie();
});

const planOf = async (code: string) => (await planList()).find((p) => p.code === code)!;
const fieldCodeOfPatch = async (code: string, body: Record<string, unknown>) =>
  codesOf(await patchPlan(code, body, admin, 'en'));

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

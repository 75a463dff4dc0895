import { beforeAll, describe, expect, it } from 'vitest';
import {
  adminCookie,
  bookingRequest,
  day,
  familySuite as familySuiteType,
  json,
  one,
  postBooking,
  staffCookie,
} from '@worker-test/builders';
import { call } from '@worker-test/helpers';

/**
 * Room types as the hotel's data: GET /api/room-types (public), GET/POST /api/admin/room-types
 * and PATCH /api/admin/room-types/:code (admins). The spec's four are rows with the spec's
 * figures; a type an admin adds is sellable at once (inventory, standard plan) and retired,
 * never deleted, and not while bookings of it are to come.
 */
type View = {
  code: string;
  nameAr: string;
  nameEn: string;
  baseOccupancy: number;
  maxAdults: number;
  maxChildren: number;
  maxOccupancy: number;
  priceBaisa: number;
  originalPriceBaisa: number | null;
  pointsPerStay: number;
  freeNightPoints: number | null;
  roomCount: number;
  bedTypes: string[];
  active: boolean;
  lowestPriceBaisa?: number;
  photos?: unknown[];
  upcomingBookings?: number;
};
type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };

const familySuite = familySuiteType({
  descriptionAr: 'جناح واسع للعائلات',
  descriptionEn: 'A roomy suite for families',
  baseOccupancy: 5,
  priceBaisa: '٤٥٠٠٠',
  pointsPerStay: 25,
  freeNightPoints: 300,
});

let admin = '';
beforeAll(async () => {
  admin = await adminCookie();
});

const publicTypes = async () => json<View[]>(await call('/api/room-types'));
const adminTypes = async () =>
  (await json<{ roomTypes: View[] }>(await call('/api/admin/room-types', { cookie: admin }))).roomTypes;
const create = (body: unknown, cookie = admin, lang: 'ar' | 'en' = 'en') =>
  call('/api/admin/room-types', { method: 'POST', cookie, json: body, lang });
const patch = (code: string, body: unknown, lang: 'ar' | 'en' = 'en') =>
  call(`/api/admin/room-types/${code}`, { method: 'PATCH', cookie: admin, json: body, lang });

describe('the spec four are rows', () => {
  it('with the spec figures, in order', async () => {
    const types = await publicTypes();
    expect(types.map((t) => t.code)).toEqual(['silver', 'gold', 'diamond', 'deluxe']);
    const silver = types[0]!;
    expect(silver).toMatchObject({
      nameEn: 'Silver Room',
      priceBaisa: 12_600,
      originalPriceBaisa: 15_000,
      baseOccupancy: 2,
      maxOccupancy: 4,
      pointsPerStay: 5,
      freeNightPoints: 150,
      roomCount: 12,
      bedTypes: ['single', 'double'],
    });
    expect(types.map((t) => t.pointsPerStay)).toEqual([5, 10, 15, 20]);
    expect(types.map((t) => t.freeNightPoints)).toEqual([150, 160, 175, 200]);
    expect(silver.photos!.length).toBeGreaterThan(0);
  });
});

describe('an admin adds, edits and retires a type', () => {
  it('refuses staff, bad bodies and limits that do not agree, in the caller language', async () => {
    expect((await create(familySuite, await staffCookie())).status).toBe(403);
    const bad = await create({ ...familySuite, code: 'Family Suite!' }, admin, 'ar');
    expect(bad.status).toBe(400);
    expect((await json<Refusal>(bad)).error.fields?.code).toMatch(/نوع الغرفة/);
    const over = await create({ ...familySuite, maxOccupancy: 13 });
    expect(over.status).toBe(400);
    const disagree = await create({ ...familySuite, baseOccupancy: 6 });
    expect((await json<Refusal>(disagree)).error.fields?.maxOccupancy).toBeTruthy();
    expect((await create('x'.repeat(10))).status).toBe(400);
    expect(await one('select count(*) as n from rooms where room_type = ?', 'family-suite')).toEqual({
      n: 0,
    });
  });

  it('adds Family Suite: sellable at once on the standard plan, listed to guests', async () => {
    const res = await create(familySuite, admin, 'ar');
    expect(res.status).toBe(201);
    const body = await json<{ message: string; roomType: View }>(res);
    expect(body.message).toBe('تم حفظ نوع الغرفة');
    expect(body.roomType).toMatchObject({
      code: 'family-suite',
      priceBaisa: 45_000,
      originalPriceBaisa: null,
    });
    expect(body.roomType.upcomingBookings).toBe(0);
    const listed = (await publicTypes()).find((t) => t.code === 'family-suite')!;
    expect(listed).toMatchObject({
      nameAr: 'جناح عائلي',
      maxAdults: 2,
      maxChildren: 3,
      lowestPriceBaisa: 45_000,
    });
    expect(
      await one(
        'select total_count as total, max_capacity as cap from room_inventory where room_type = ?',
        'family-suite',
      ),
    ).toEqual({ total: 2, cap: 2 });
    expect(
      await one("select count(*) as n from room_bed_inventory where room_type = 'family-suite'"),
    ).toEqual({ n: 1 });
    const plan = await one<{ types: string }>(
      "select room_types as types from rate_plans where code = 'standard'",
    );
    expect(JSON.parse(plan!.types)).toContain('family-suite');
    expect(await one("select count(*) as n from audit_log where action = 'room_type.create'")).toEqual({
      n: 1,
    });
    // The same code again: refused, nothing doubled.
    const again = await create(familySuite);
    expect(again.status).toBe(409);
    expect((await json<Refusal>(again)).error.code).toBe('room_type_taken');
    expect(await one("select count(*) as n from room_inventory where room_type = 'family-suite'")).toEqual({
      n: 1,
    });
  });

  it('edits a type; the limits are checked with the stored ones', async () => {
    const res = await patch('family-suite', {
      nameEn: 'Family Suite ',
      roomCount: 3,
      maxChildren: 4,
      maxOccupancy: 6,
    });
    expect(res.status).toBe(200);
    expect((await json<{ roomType: View }>(res)).roomType).toMatchObject({
      nameEn: 'Family Suite',
      roomCount: 3,
    });
    expect(
      await one(
        'select total_count as total, max_capacity as cap from room_inventory where room_type = ?',
        'family-suite',
      ),
    ).toEqual({ total: 3, cap: 3 });
    expect((await patch('family-suite', { maxOccupancy: 12, maxAdults: 2, maxChildren: 3 })).status).toBe(
      400,
    );
    expect((await patch('no-such-type', { nameEn: 'x' })).status).toBe(404);
    expect((await patch('family-suite', {})).status).toBe(400);
  });

  it('refuses NUL bytes, lone surrogates and control characters in its texts; a description keeps its lines', async () => {
    for (const [field, value] of [
      ['nameEn', '\u0000\u0000'],
      ['nameAr', 'جناح \ud800'],
      ['nameEn', 'Suite\nTwo'],
      ['descriptionEn', 'Bell\u0007'],
      ['amenities', [{ ar: 'واي فاي', en: 'Wi-Fi\u0000' }]],
    ] as const) {
      const res = await create({ ...familySuite, code: 'probe-ar', [field]: value }, admin, 'en');
      expect(res.status, `${field} ${JSON.stringify(value)}`).toBe(400);
      const fields = (await json<Refusal>(res)).error.fields ?? {};
      expect(Object.values(fields).join(' ')).toMatch(/control characters/);
    }
    const gold = await call('/api/admin/room-types/gold', {
      method: 'PATCH',
      cookie: admin,
      lang: 'ar',
      json: { nameEn: 'Gold\u0000' },
    });
    expect(gold.status).toBe(400);
    expect((await json<Refusal>(gold)).error.fields?.nameEn).toMatch(/رموز تحكم/);
    expect((await publicTypes()).map((t) => t.nameEn).join('')).toMatch(/^[^\p{Cc}\p{Cs}]*$/u);
    // Family Suite (added above) takes a description on two lines.
    const lines = await patch('family-suite', { descriptionEn: 'Two rooms.\nA balcony.' });
    expect(lines.status, await lines.clone().text()).toBe(200);
  });

  it('refuses to retire a type with bookings to come, then retires one without', async () => {
    const booked = await postBooking(
      bookingRequest({
        fullName: 'Types Guest',
        roomType: 'deluxe',
        checkInDate: day(40),
        checkOutDate: day(42),
      }),
    );
    expect(booked.status).toBe(201);
    const refused = await patch('deluxe', { active: false }, 'ar');
    expect(refused.status).toBe(409);
    expect((await json<Refusal>(refused)).error.code).toBe('room_type_in_use');
    expect((await adminTypes()).find((t) => t.code === 'deluxe')).toMatchObject({ active: true });
    expect((await adminTypes()).find((t) => t.code === 'deluxe')!.upcomingBookings).toBeGreaterThan(0);

    const retired = await patch('family-suite', { active: false });
    expect(retired.status).toBe(200);
    expect((await publicTypes()).map((t) => t.code)).not.toContain('family-suite');
    expect((await adminTypes()).find((t) => t.code === 'family-suite')).toMatchObject({ active: false });
  });
});

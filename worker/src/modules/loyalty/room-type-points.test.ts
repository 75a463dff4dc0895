import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { hotelToday } from '@shared/dates';
import {
  addRoomType,
  adminCookie,
  arrivingToday,
  book,
  familySuite as familySuiteType,
  json,
  setBookingStatus,
  staffCookie,
  stays,
} from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';

/**
 * Points and free nights of a room type an admin adds at run time: a completed stay earns the
 * type's own points per stay, named by the type's own name; a free night costs the type's own
 * free-night points; a type without a free-night price is not sold for points; a VIP card's free
 * night is spent only on a type open to VIP cards.
 */
const familySuite = familySuiteType({ pointsPerStay: 25, freeNightPoints: 300 });
const gardenRoom = {
  ...familySuite,
  code: 'garden-room',
  nameAr: 'غرفة الحديقة',
  nameEn: 'Garden Room',
  maxChildren: 0,
  maxOccupancy: 2,
  pointsPerStay: 0,
  freeNightPoints: null,
  vipEligible: false,
  roomCount: 1,
};
const stay = stays({ from: 420, every: 3, nights: 1 });
const guestFields = {
  fullName: 'Suite Guest',
  phoneNumber: '91113333',
  idNumber: '7654322',
  bedType: 'double',
  smokingPreference: 'non_smoking',
};

type Line = { kind: string; pointsEarned: number; reason: string; reasonAr: string };
type Refusal = { error: { code: string; message: string } };

beforeAll(async () => {
  const admin = await adminCookie();
  for (const type of [familySuite, gardenRoom]) await addRoomType(type, admin);
});

const history = async (email: string, cookie: string) =>
  json<Line[]>(await call(`/api/point-transactions/${email}`, { cookie }));

const buyNight = (cookie: string, roomType: string, lang: 'ar' | 'en' = 'en') =>
  call('/api/points/free-night', {
    method: 'POST',
    cookie,
    lang,
    json: { ...guestFields, roomType, ...stay() },
  });

describe('a room type added at run time', () => {
  it('earns its own points per stay, named by its own name; a type earning none adds no line', async () => {
    const guest = await signUp('Suite Earner');
    const staff = await staffCookie();
    // Stays arriving today: a stay is completed from its arrival day.
    const booking = await book(
      { ...guestFields, roomType: 'family-suite' },
      { cookie: guest.cookie, stay: arrivingToday },
    );
    await setBookingStatus(booking.id, 'approved', { cookie: staff });
    const done = await call(`/api/booking-submissions/${booking.id}/complete`, {
      method: 'POST',
      cookie: staff,
    });
    expect(done.status).toBe(200);
    expect(await json(done)).toMatchObject({ pointsEarned: 25 });
    expect((await history(guest.email, guest.cookie))[0]).toMatchObject({
      kind: 'earn',
      pointsEarned: 25,
      reason: 'Points earned for a Family Suite stay',
      reasonAr: 'نقاط مكتسبة من الإقامة في جناح عائلي',
    });

    const garden = await book(
      { ...guestFields, roomType: 'garden-room' },
      { cookie: guest.cookie, stay: arrivingToday },
    );
    await setBookingStatus(garden.id, 'approved', { cookie: staff });
    const none = await call(`/api/booking-submissions/${garden.id}/complete`, {
      method: 'POST',
      cookie: staff,
    });
    expect(await json(none)).toMatchObject({ pointsEarned: 0 });
    expect(await history(guest.email, guest.cookie)).toHaveLength(1);
  });

  it('sells a free night at its own points price, and refuses a type without one in both languages', async () => {
    const guest = await signUp('Suite Buyer');
    // 300 points on the ledger (what twelve deluxe stays would earn), the balance its sum.
    await env.DB.batch([
      env.DB.prepare(
        `insert into point_transactions (user_email, points_earned, kind, reason, reason_ar) values (?, 300, 'earn', 'test', 'test')`,
      ).bind(guest.email),
      env.DB.prepare(`insert into user_points (user_email, total_points) values (?, 300)`).bind(guest.email),
    ]);

    const refused = await buyNight(guest.cookie, 'garden-room');
    expect(refused.status).toBe(409);
    expect(await json<Refusal>(refused)).toMatchObject({
      error: {
        code: 'free_night_not_offered',
        message: 'This room type cannot be bought with points: choose another room',
      },
    });
    const refusedAr = await json<Refusal>(await buyNight(guest.cookie, 'garden-room', 'ar'));
    expect(refusedAr.error.message).toBe('لا يمكن شراء هذا النوع من الغرف بالنقاط: اختر غرفة أخرى');

    const bought = await buyNight(guest.cookie, 'family-suite');
    expect(bought.status, await bought.clone().text()).toBe(201);
    expect(await json(bought)).toMatchObject({ pointsUsed: 300, totalPoints: 0 });
    expect((await history(guest.email, guest.cookie))[0]).toMatchObject({
      kind: 'redeem',
      pointsEarned: -300,
      reason: 'Free night - Family Suite',
      reasonAr: 'ليلة مجانية - جناح عائلي',
    });
  });

  it("spends a VIP card's free night only on a type open to VIP cards", async () => {
    const staff = await staffCookie();
    const added = await call('/api/vip-beneficiaries', {
      method: 'POST',
      cookie: staff,
      json: {
        fullName: 'Nasser Al Hinai',
        phoneNumber: '92345679',
        civilId: '12345679',
        cardType: 'elite',
        startDate: hotelToday(),
      },
    });
    expect(added.status).toBe(201);
    const { beneficiary } = await json<{ beneficiary: { id: number } }>(added);
    const use = (roomType: string | undefined, lang: 'ar' | 'en' = 'en') =>
      call(`/api/vip-beneficiaries/${beneficiary.id}/use`, {
        method: 'POST',
        cookie: staff,
        lang,
        json: { kind: 'free_night', ...(roomType ? { roomType } : {}) },
      });
    const closed = await use('garden-room');
    expect(closed.status).toBe(409);
    expect(await json<Refusal>(closed)).toMatchObject({
      error: {
        code: 'room_type_not_vip_eligible',
        message: 'VIP cards cannot be used on this room type: choose another room',
      },
    });
    expect((await json<Refusal>(await use('garden-room', 'ar'))).error.message).toBe(
      'لا يمكن استخدام بطاقات VIP لهذا النوع من الغرف: اختر غرفة أخرى',
    );
    expect((await use('penthouse')).status).toBe(400);
    const spent = await use('family-suite');
    expect(spent.status).toBe(200);
    expect((await json<{ beneficiary: { freeNightsUsed: number } }>(spent)).beneficiary.freeNightsUsed).toBe(
      1,
    );
    // Without a room type, as before.
    expect((await use(undefined)).status).toBe(200);
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { arrivingToday, book, json, setBookingStatus, stays } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';

type Booking = {
  id: number;
  status: string;
  isPointsBooking: boolean;
  paymentMethod: string;
  totalPriceBaisa: number;
  reference: string;
};

const stay = stays({ from: 403, every: 3, nights: 1 });
const guestFields = {
  fullName: 'Points Guest',
  phoneNumber: '91112222',
  idNumber: '7654321',
  bedType: 'double',
  smokingPreference: 'non_smoking',
};

/** An approved stay arriving today, to be completed (a stay is completed from its arrival day). */
async function completedStay(guestCookie: string, staffCookie: string, roomType = 'deluxe') {
  const booking = await book(
    { ...guestFields, roomType, numberOfGuests: 2 },
    { cookie: guestCookie, stay: arrivingToday },
  );
  await setBookingStatus(booking.id, 'approved', { cookie: staffCookie });
  return booking.id;
}

async function balance(email: string, cookie: string) {
  return json<{ totalPoints: number; lastEarned: { pointsEarned: number } | null }>(
    await call(`/api/user-points/${encodeURIComponent(email)}`, { cookie }),
  );
}

async function ledgerSum(email: string) {
  const row = await env.DB.prepare(
    `select coalesce(sum(points_earned), 0) as s, (select total_points from user_points where user_email = ?1) as t
     from point_transactions where user_email = ?1`,
  )
    .bind(email)
    .first<{ s: number; t: number }>();
  return row!;
}

describe('earning points', () => {
  it('complete called 10 times concurrently credits once, and answers pointsEarned', async () => {
    const guest = await signUp('Earner');
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const id = await completedStay(guest.cookie, staff.cookie, 'gold');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(`/api/booking-submissions/${id}/complete`, { method: 'POST', cookie: staff.cookie, lang: 'en' }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    expect(await json(ok[0]!)).toMatchObject({ pointsEarned: 10 });
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const b = await balance(guest.email, guest.cookie);
    expect(b).toMatchObject({ totalPoints: 10, lastEarned: { pointsEarned: 10 } });
    expect(await ledgerSum(guest.email)).toEqual({ s: 10, t: 10 });
  });

  it('an anonymous booking earns nothing', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const created = await call('/api/booking-submissions', {
      method: 'POST',
      json: { ...guestFields, roomType: 'silver', numberOfGuests: 1, ...arrivingToday() },
    });
    const { booking } = await json<{ booking: Booking }>(created);
    await call(`/api/booking-submissions/${booking.id}/status`, {
      method: 'PATCH',
      cookie: staff.cookie,
      json: { status: 'approved' },
    });
    const done = await call(`/api/booking-submissions/${booking.id}/complete`, {
      method: 'POST',
      cookie: staff.cookie,
    });
    expect(await json(done)).toMatchObject({ pointsEarned: 0 });
  });

  it('the desk is told the points in words and digits of its language; a guest cancelling is told what was deducted', async () => {
    const guest = await signUp('Counted');
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const id = await completedStay(guest.cookie, staff.cookie, 'gold');
    const done = await call(`/api/booking-submissions/${id}/complete`, {
      method: 'POST',
      cookie: staff.cookie,
    });
    expect(await json(done)).toMatchObject({
      pointsEarned: 10,
      message: 'تم إتمام الحجز وإضافة ١٠ نقاط للضيف، تظهر النقاط الجديدة خلال ثانية',
    });

    const created = await call('/api/booking-submissions', {
      method: 'POST',
      cookie: guest.cookie,
      json: { ...guestFields, roomType: 'silver', numberOfGuests: 1, ...stay() },
    });
    const { booking } = await json<{ booking: Booking }>(created);
    const cancelled = await call(`/api/booking-submissions/${booking.id}/status`, {
      method: 'PATCH',
      cookie: guest.cookie,
      json: { status: 'cancelled' },
    });
    expect(cancelled.status).toBe(200);
    // A pending booking has earned nothing (points come when a stay is completed): none deducted.
    expect(await json(cancelled)).toMatchObject({ pointsDeducted: 0 });
  });

  it('a guest cannot read another user’s points or history', async () => {
    const alice = await signUp('Alice');
    const bob = await signUp('Bob');
    expect((await call(`/api/user-points/${alice.email}`, { cookie: bob.cookie })).status).toBe(403);
    expect((await call(`/api/point-transactions/${alice.email}`, { cookie: bob.cookie })).status).toBe(403);
    expect((await call(`/api/user-points/${alice.email}`)).status).toBe(401);
    const staff = await logIn('staff@example.com', 'change-me-staff');
    expect((await call(`/api/user-points/${alice.email}`, { cookie: staff.cookie })).status).toBe(200);
  });
});

describe('free nights with points', () => {
  async function richGuest(stays: number) {
    const guest = await signUp('Rich Guest');
    const staff = await logIn('staff@example.com', 'change-me-staff');
    for (let i = 0; i < stays; i++) {
      const id = await completedStay(guest.cookie, staff.cookie, 'deluxe');
      await call(`/api/booking-submissions/${id}/complete`, { method: 'POST', cookie: staff.cookie });
    }
    return guest;
  }

  it('two concurrent purchases with points for one: one booking, one refusal; balance = ledger, never negative', async () => {
    const guest = await richGuest(8); // 8 x 20 = 160 points: one gold night
    expect((await balance(guest.email, guest.cookie)).totalPoints).toBe(160);
    const buy = () =>
      call('/api/points/free-night', {
        method: 'POST',
        cookie: guest.cookie,
        lang: 'en',
        json: { ...guestFields, roomType: 'gold', ...stay() },
      });
    const [a, b] = await Promise.all([buy(), buy()]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const won = await json<{ booking: Booking; pointsUsed: number; totalPoints: number }>(
      a.status === 201 ? a : b,
    );
    expect(won.booking).toMatchObject({
      status: 'approved',
      isPointsBooking: true,
      paymentMethod: 'points',
      totalPriceBaisa: 0,
      // Paid in points: no nightly prices for the folio to post.
      nightPrices: null,
    });
    expect(won).toMatchObject({ pointsUsed: 160, totalPoints: 0 });
    const lost = await json(a.status === 201 ? b : a);
    expect(lost).toMatchObject({
      error: {
        code: 'insufficient_points',
        message: "Sorry, you don't have enough points to buy this night",
      },
    });
    expect(await ledgerSum(guest.email)).toEqual({ s: 0, t: 0 });
    const history = await json<{ kind: string; pointsEarned: number; reasonAr: string }[]>(
      await call(`/api/point-transactions/${guest.email}`, { cookie: guest.cookie }),
    );
    expect(history[0]).toMatchObject({ kind: 'redeem', pointsEarned: -160 });
    expect(history[0]!.reasonAr).toMatch(/ليلة مجانية/);
  });

  it('a failed purchase (no room that night) deducts nothing', async () => {
    const guest = await richGuest(8);
    const night = stay();
    await env.DB.prepare(`update room_inventory set total_count = 0 where room_type = 'silver'`).run();
    const res = await call('/api/points/free-night', {
      method: 'POST',
      cookie: guest.cookie,
      json: { ...guestFields, roomType: 'silver', ...night },
    });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ error: { code: 'no_rooms_available' } });
    await env.DB.prepare(`update room_inventory set total_count = 12 where room_type = 'silver'`).run();
    expect((await balance(guest.email, guest.cookie)).totalPoints).toBe(160);
    expect(await ledgerSum(guest.email)).toEqual({ s: 160, t: 160 });
  });

  it('refuses a purchase the balance does not cover, and cancelling a free night refunds it', async () => {
    const poor = await signUp('Poor');
    const res = await call('/api/points/free-night', {
      method: 'POST',
      cookie: poor.cookie,
      lang: 'ar',
      json: { ...guestFields, roomType: 'silver', ...stay() },
    });
    expect(await json(res)).toMatchObject({
      error: { message: 'عذراً، ليس لديك نقاط كافية لشراء هذه الليلة' },
    });

    const guest = await richGuest(8);
    const bought = await json<{ booking: Booking }>(
      await call('/api/points/free-night', {
        method: 'POST',
        cookie: guest.cookie,
        json: { ...guestFields, roomType: 'silver', ...stay() },
      }),
    );
    expect((await balance(guest.email, guest.cookie)).totalPoints).toBe(10);
    expect(bought.booking.reference).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{7}$/);
    const staff = await logIn('staff@example.com', 'change-me-staff');
    await call(`/api/booking-submissions/${bought.booking.id}/status`, {
      method: 'PATCH',
      cookie: staff.cookie,
      json: { status: 'cancelled' },
    });
    expect((await balance(guest.email, guest.cookie)).totalPoints).toBe(160);
    expect(await ledgerSum(guest.email)).toEqual({ s: 160, t: 160 });
  });
});

describe('VIP beneficiaries', () => {
  async function add(cookie: string, over: Record<string, unknown> = {}) {
    return call('/api/vip-beneficiaries', {
      method: 'POST',
      cookie,
      lang: 'en',
      json: {
        fullName: 'Saif Al Rawahi',
        phoneNumber: '٩٢٣٤ ٥٦٧٨',
        civilId: '12345678',
        cardType: 'silver',
        startDate: hotelToday(),
        ...over,
      },
    });
  }

  it('adds a card for a year; refuses a start before today; guests cannot reach it', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const guest = await signUp();
    expect((await add(guest.cookie)).status).toBe(403);
    const past = await add(staff.cookie, { startDate: addDays(hotelToday(), -1) });
    expect(await json(past)).toMatchObject({
      error: { fields: { startDate: 'The start date cannot be before today' } },
    });
    const created = await add(staff.cookie, { startDate: '2027-02-28' });
    expect(created.status).toBe(201);
    expect(await json(created)).toMatchObject({
      message: 'Beneficiary added successfully!',
      beneficiary: {
        phoneNumber: '96892345678',
        startDate: '2027-02-28',
        expiryDate: '2028-02-28',
        status: 'not_started',
      },
    });
  });

  it('coffee twice within 24 hours is refused; nights past the allowance and use after expiry are refused', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const { beneficiary } = await json<{ beneficiary: { id: number } }>(await add(staff.cookie));
    const use = (kind: string) =>
      call(`/api/vip-beneficiaries/${beneficiary.id}/use`, {
        method: 'POST',
        cookie: staff.cookie,
        lang: 'en',
        json: { kind },
      });

    expect((await use('coffee')).status).toBe(200);
    const twice = await use('coffee');
    expect(twice.status).toBe(409);
    expect(await json(twice)).toMatchObject({
      error: { code: 'coffee_cooldown', message: 'Must wait 24 hours' },
    });
    // Concurrent taps count once.
    await env.DB.prepare('update vip_beneficiaries set last_coffee_at = ? where id = ?')
      .bind(Date.now() - 25 * 3600_000, beneficiary.id)
      .run();
    const taps = await Promise.all([use('coffee'), use('coffee'), use('coffee')]);
    expect(taps.filter((r) => r.status === 200)).toHaveLength(1);

    expect((await use('free_night')).status).toBe(200); // silver: 1 free night
    const more = await use('free_night');
    expect(await json(more)).toMatchObject({
      error: { code: 'allowance_reached', message: 'Maximum limit reached' },
    });

    await env.DB.prepare('update vip_beneficiaries set expiry_date = ?, last_coffee_at = null where id = ?')
      .bind(hotelToday(), beneficiary.id)
      .run();
    expect(await json(await use('coffee'))).toMatchObject({ error: { code: 'card_expired' } });
    const audit = await env.DB.prepare(
      `select count(*) as n from audit_log where entity_type = 'vip_beneficiary' and entity_id = ?`,
    )
      .bind(String(beneficiary.id))
      .first<{ n: number }>();
    expect(audit!.n).toBe(4); // add, coffee, coffee, night
  });
});

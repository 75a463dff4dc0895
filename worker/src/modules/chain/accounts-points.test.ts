import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrivingToday, book, json, setBookingStatus, stays } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';
import { atHotel, cookieOf, databaseOf, MUSCAT, pushAll, SALALAH, setUpSalalah } from '@worker-test/chain';
import { chainHotels, hotelEnv } from '../../platform/hotels';
import { chainPointsPort, settleOpenTransfers } from './index';

/**
 * One account and one points balance for the chain (docs/decisions/103, "Accounts" and "Loyalty
 * points across hotels"): a guest signs up at Muscat (the default hotel), signs in at Salalah with
 * the same password, earns points at Muscat and spends them at Salalah; the points move under each
 * hotel's own ledger CHECK, so a race for one balance at two hotels books once, and a spend that
 * fails or stops in the middle gives the points back.
 */

beforeAll(setUpSalalah);

const stay = stays({ from: 431, every: 3, nights: 1 });
const guestFields = {
  fullName: 'Chain Guest',
  phoneNumber: '91113333',
  idNumber: '7654321',
  bedType: 'double',
  smokingPreference: 'non_smoking',
};

/** A guest of Muscat with `count` completed deluxe stays there (20 points each). */
async function muscatGuestWithPoints(count: number) {
  const guest = await signUp('Chain Guest');
  const staff = await logIn('staff@example.com', 'change-me-staff');
  for (let i = 0; i < count; i++) {
    const booking = await book(
      { ...guestFields, roomType: 'deluxe', numberOfGuests: 2 },
      { cookie: guest.cookie, stay: arrivingToday },
    );
    await setBookingStatus(booking.id, 'approved', { cookie: staff.cookie });
    const done = await call(`/api/booking-submissions/${booking.id}/complete`, {
      method: 'POST',
      cookie: staff.cookie,
    });
    expect(done.status).toBe(200);
  }
  // The minute cron's push: the chain hears of the account.
  await pushAll();
  return guest;
}

/** The same guest signed in at Salalah with the password they chose at Muscat. */
async function signInAt(code: string, guest: { email: string; password: string }) {
  const res = await atHotel(code, '/api/auth/login', {
    method: 'POST',
    json: { email: guest.email, password: guest.password },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return cookieOf(res);
}

/** A hotel's own balance row and ledger sum for an e-mail. */
async function ledgerAt(code: string, email: string) {
  return databaseOf(code)
    .prepare(
      `select coalesce(sum(points_earned), 0) as s,
         coalesce((select total_points from user_points where user_email = ?1), 0) as t
       from point_transactions where user_email = ?1`,
    )
    .bind(email)
    .first<{ s: number; t: number }>();
}

const freeNight = (code: string, cookie: string, roomType = 'gold', night = stay()) =>
  atHotel(code, '/api/points/free-night', {
    method: 'POST',
    cookie,
    lang: 'en',
    json: { ...guestFields, roomType, ...night },
  });

const salalahEnv = async () =>
  hotelEnv(
    env,
    (await chainHotels(env)).find((h) => h.code === SALALAH)!,
  )!;

describe('one account for the chain', () => {
  it('signs in at Salalah with the password chosen at Muscat, as a guest there, and refuses a wrong one', async () => {
    const guest = await signUp('Sign Once');
    await pushAll();
    const wrong = await atHotel(SALALAH, '/api/auth/login', {
      method: 'POST',
      lang: 'en',
      json: { email: guest.email, password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    const cookie = await signInAt(SALALAH, guest);
    const me = await json<{ user: { email: string; role: string } }>(
      await atHotel(SALALAH, '/api/auth/me', { cookie }),
    );
    expect(me.user).toMatchObject({ email: guest.email, role: 'guest' });
    // Salalah's own row of the account (its sessions and bookings point at it).
    const mirror = await env.DB_SALALAH.prepare('select role, is_verified from users where email = ?')
      .bind(guest.email)
      .first();
    expect(mirror).toEqual({ role: 'guest', is_verified: 1 });
    // Muscat's session is Muscat's: it opens nothing at Salalah.
    expect((await atHotel(SALALAH, '/api/auth/me', { cookie: guest.cookie })).status).toBe(401);
  });

  it('does not make an account at a hotel for an address the chain does not know', async () => {
    const res = await atHotel(SALALAH, '/api/auth/login', {
      method: 'POST',
      json: { email: 'nobody-anywhere@example.com', password: 'whatever-123' },
    });
    expect(res.status).toBe(401);
    const row = await env.DB_SALALAH.prepare('select 1 from users where email = ?')
      .bind('nobody-anywhere@example.com')
      .first();
    expect(row).toBeNull();
  });
});

describe('points across the chain', () => {
  it('earned at Muscat, shown at Salalah, spent at Salalah for a free night; each ledger equals its balance', async () => {
    const guest = await muscatGuestWithPoints(8); // 8 x 20 = 160: one gold night
    const cookie = await signInAt(SALALAH, guest);
    const shown = await json<{ totalPoints: number; elsewhere: { hotel: string; points: number }[] }>(
      await atHotel(SALALAH, `/api/user-points/${encodeURIComponent(guest.email)}`, { cookie }),
    );
    expect(shown).toMatchObject({ totalPoints: 160, elsewhere: [{ hotel: MUSCAT, points: 160 }] });

    const res = await freeNight(SALALAH, cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    const bought = await json<{
      booking: { id: number; isPointsBooking: boolean };
      pointsUsed: number;
      totalPoints: number;
    }>(res);
    expect(bought).toMatchObject({ pointsUsed: 160, totalPoints: 0, booking: { isPointsBooking: true } });
    // The booking is Salalah's, in Salalah's database.
    const booked = await env.DB_SALALAH.prepare(
      'select is_points_booking from booking_submissions where id = ?',
    )
      .bind(bought.booking.id)
      .first();
    expect(booked).toEqual({ is_points_booking: 1 });
    expect(await ledgerAt(MUSCAT, guest.email)).toEqual({ s: 0, t: 0 });
    expect(await ledgerAt(SALALAH, guest.email)).toEqual({ s: 0, t: 0 });
    const moved = await env
      .CHAIN_DB!.prepare('select from_hotel, to_hotel, points, state from point_transfers where email = ?')
      .bind(guest.email)
      .all();
    expect(moved.results).toEqual([{ from_hotel: MUSCAT, to_hotel: SALALAH, points: 160, state: 'done' }]);
    // Nothing is left to spend anywhere.
    expect((await freeNight(SALALAH, cookie)).status).toBe(409);
    expect((await freeNight(MUSCAT, guest.cookie)).status).toBe(409);
  });

  it('two free nights at two hotels racing for one balance: one booking, one 409; no balance below zero', async () => {
    const guest = await muscatGuestWithPoints(8);
    const cookie = await signInAt(SALALAH, guest);
    const [muscat, salalah] = await Promise.all([
      freeNight(MUSCAT, guest.cookie),
      freeNight(SALALAH, cookie),
    ]);
    expect([muscat.status, salalah.status].sort()).toEqual([201, 409]);
    const points = await env.DB.prepare(
      'select count(*) as n from booking_submissions where is_points_booking = 1 and user_id = (select id from users where email = ?)',
    )
      .bind(guest.email)
      .first<{ n: number }>();
    const pointsSalalah = await env.DB_SALALAH.prepare(
      'select count(*) as n from booking_submissions where is_points_booking = 1 and user_id = (select id from users where email = ?)',
    )
      .bind(guest.email)
      .first<{ n: number }>();
    expect(points!.n + pointsSalalah!.n).toBe(1);
    const [m, s] = [await ledgerAt(MUSCAT, guest.email), await ledgerAt(SALALAH, guest.email)];
    expect(m!.s).toBe(m!.t);
    expect(s!.s).toBe(s!.t);
    expect(m!.t).toBe(0);
    expect(s!.t).toBe(0);
  });

  it('a spend at Salalah that fails after the points left Muscat gives them back', async () => {
    const guest = await muscatGuestWithPoints(8);
    const cookie = await signInAt(SALALAH, guest);
    await env.DB_SALALAH.prepare("update room_inventory set total_count = 0 where room_type = 'gold'").run();
    try {
      const res = await freeNight(SALALAH, cookie);
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ error: { code: 'no_rooms_available' } });
    } finally {
      await env.DB_SALALAH.prepare(
        "update room_inventory set total_count = 12 where room_type = 'gold'",
      ).run();
    }
    expect(await ledgerAt(MUSCAT, guest.email)).toEqual({ s: 160, t: 160 });
    expect(await ledgerAt(SALALAH, guest.email)).toEqual({ s: 0, t: 0 });
    const t = await env
      .CHAIN_DB!.prepare('select state from point_transfers where email = ?')
      .bind(guest.email)
      .first();
    expect(t).toEqual({ state: 'reversed' });
  });

  it('a move left in the middle (the worker stopped) is given back by the cron, and its late arrival fails', async () => {
    const guest = await muscatGuestWithPoints(8);
    await signInAt(SALALAH, guest);
    const salalah = await salalahEnv();
    // Steps 1 and 2 only: the points left Muscat, the spend at Salalah never ran.
    const moved = await chainPointsPort.bring(salalah, guest.email, 160);
    expect(await ledgerAt(MUSCAT, guest.email)).toEqual({ s: 0, t: 0 });
    // Not yet due: the cron leaves it.
    expect(await settleOpenTransfers(env, Date.now())).toEqual({ done: 0, reversed: 0 });
    expect(await settleOpenTransfers(env, Date.now() + 3 * 60_000)).toEqual({ done: 0, reversed: 1 });
    expect(await ledgerAt(MUSCAT, guest.email)).toEqual({ s: 160, t: 160 });
    // The spend's batch arriving now fails on its key: the points are not counted twice.
    const db = drizzle(env.DB_SALALAH);
    await expect(db.batch(moved.statements as unknown as Parameters<typeof db.batch>[0])).rejects.toThrow(
      /UNIQUE/,
    );
    expect(await ledgerAt(SALALAH, guest.email)).toEqual({ s: 0, t: 0 });
  });
});

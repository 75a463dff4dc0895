import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { book, json, stays } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';
import { atHotel, cookieOf, databaseOf, MUSCAT, pushAll, SALALAH, setUpSalalah } from '@worker-test/chain';

/**
 * A guest's erasure is the chain's (docs/decisions/103, "Erasure"): the account is one account of
 * the chain, so erased at Muscat it is gone at Salalah and from the chain's database, and no
 * sign-in anywhere brings it back from a copy; a booking still holding a room at the other hotel
 * refuses the erasure at this one, in the guest's language, and erases nothing.
 */

beforeAll(setUpSalalah);

const stay = stays({ from: 471, every: 3, nights: 1 });

/** A guest of Muscat, known at Salalah too (signed in there once), both pushed to the chain. */
async function guestOfBothHotels() {
  const guest = await signUp('Erased Guest');
  await pushAll();
  const there = await atHotel(SALALAH, '/api/auth/login', {
    method: 'POST',
    json: { email: guest.email, password: guest.password },
  });
  expect(there.status).toBe(200);
  await pushAll();
  return { ...guest, salalahCookie: cookieOf(there) };
}

const erase = (cookie: string, password: string, lang: 'ar' | 'en' = 'en') =>
  call('/api/account', { method: 'DELETE', cookie, lang, json: { password } });

const chainRows = (email: string) =>
  env
    .CHAIN_DB!.prepare(
      `select (select count(*) from accounts where email = ?1) as accounts,
         (select count(*) from account_hotels where email = ?1) as indexed`,
    )
    .bind(email)
    .first<{ accounts: number; indexed: number }>();

const usersAt = (code: string, email: string) =>
  databaseOf(code)
    .prepare('select count(*) as n from users where email = ?')
    .bind(email)
    .first<{ n: number }>()
    .then((r) => r!.n);

const signInAt = (code: string, guest: { email: string; password: string }) =>
  atHotel(code, '/api/auth/login', {
    method: 'POST',
    json: { email: guest.email, password: guest.password },
  });

describe("a guest's erasure across the chain", () => {
  it('erased at Muscat: gone at Salalah and from the chain at once, and no sign-in brings it back', async () => {
    const guest = await guestOfBothHotels();
    expect(await chainRows(guest.email)).toEqual({ accounts: 1, indexed: 2 });

    const res = await erase(guest.cookie, guest.password);
    expect(res.status, await res.clone().text()).toBe(200);

    // Before any cron: the chain heard of it in the request.
    expect(await chainRows(guest.email)).toEqual({ accounts: 0, indexed: 0 });
    expect(await usersAt(MUSCAT, guest.email)).toBe(0);
    expect(await usersAt(SALALAH, guest.email)).toBe(0);
    // Salalah's session went with its account.
    expect((await atHotel(SALALAH, '/api/auth/me', { cookie: guest.salalahCookie })).status).toBe(401);
    // Neither hotel signs the account in again, and the next push changes nothing.
    expect((await logIn(guest.email, guest.password)).res.status).toBe(401);
    expect((await signInAt(SALALAH, guest)).status).toBe(401);
    await pushAll();
    expect(await chainRows(guest.email)).toEqual({ accounts: 0, indexed: 0 });
    expect((await logIn(guest.email, guest.password)).res.status).toBe(401);
  });

  it('a booking still holding a room at Salalah refuses the erasure at Muscat, in Arabic, and erases nothing', async () => {
    const guest = await guestOfBothHotels();
    await book({}, { cookie: guest.salalahCookie, stay, headers: { 'x-hotel': SALALAH } });

    const res = await erase(guest.cookie, guest.password, 'ar');
    expect(res.status).toBe(409);
    const { error } = await json<{ error: { code: string; message: string } }>(res);
    expect(error.code).toBe('erase_live_bookings_elsewhere');
    expect(error.message).toContain('فندق آخر من فنادق السلسلة');

    expect(await usersAt(MUSCAT, guest.email)).toBe(1);
    expect(await usersAt(SALALAH, guest.email)).toBe(1);
    expect(await chainRows(guest.email)).toEqual({ accounts: 1, indexed: 2 });
    expect((await logIn(guest.email, guest.password)).res.status).toBe(200);
  });

  it('a booking at Salalah refuses the erasure at Muscat before Salalah has pushed the account to the index', async () => {
    // As a guest does it: signed in at Salalah (the handoff writes the account there), a booking
    // made at once, the erasure asked at Muscat within the minute, before Salalah's next push.
    const guest = await signUp('Erased Too Soon');
    await pushAll();
    const there = await signInAt(SALALAH, guest);
    expect(there.status).toBe(200);
    expect(await chainRows(guest.email)).toEqual({ accounts: 1, indexed: 1 });
    await book({}, { cookie: cookieOf(there), stay, headers: { 'x-hotel': SALALAH } });

    const res = await erase(guest.cookie, guest.password);
    expect(res.status).toBe(409);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe('erase_live_bookings_elsewhere');
    expect(await usersAt(MUSCAT, guest.email)).toBe(1);
    expect(await usersAt(SALALAH, guest.email)).toBe(1);
  });

  it('an erasure the chain has not heard of yet is never undone by a sign-in here (the outbox row holds it)', async () => {
    const guest = await signUp('Erased Offline');
    await pushAll();
    // The erasure committed, the push after it lost (the chain still has the account): as if the
    // request stopped after its batch.
    const id = await env.DB.prepare('select id from users where email = ?')
      .bind(guest.email)
      .first<{ id: number }>();
    await env.DB.batch([
      env.DB.prepare('delete from sessions where user_id = ?').bind(id!.id),
      env.DB.prepare('delete from users where id = ?').bind(id!.id),
      env.DB.prepare("insert into chain_outbox (kind, ref) values ('erased', ?)").bind(guest.email),
    ]);
    expect(await chainRows(guest.email)).toMatchObject({ accounts: 1 });

    expect((await logIn(guest.email, guest.password)).res.status).toBe(401);
    expect(await usersAt(MUSCAT, guest.email)).toBe(0);
    // The minute cron finishes it.
    await pushAll();
    expect(await chainRows(guest.email)).toEqual({ accounts: 0, indexed: 0 });
    expect((await logIn(guest.email, guest.password)).res.status).toBe(401);
  });

  it("a guest's export at Muscat carries what Salalah holds about the account, and nothing of another guest", async () => {
    const guest = await guestOfBothHotels();
    const other = await guestOfBothHotels();
    const there = await book({}, { cookie: guest.salalahCookie, stay, headers: { 'x-hotel': SALALAH } });
    await book({}, { cookie: other.salalahCookie, stay, headers: { 'x-hotel': SALALAH } });

    const res = await call('/api/account/export', { cookie: guest.cookie });
    expect(res.status).toBe(200);
    const data = await json<{
      account: { email: string };
      otherHotels?: {
        hotel: { code: string };
        data: { account: { email: string }; bookings: { reference: string }[] };
      }[];
    }>(res);
    expect(data.account.email).toBe(guest.email);
    expect(data.otherHotels?.map((h) => h.hotel.code)).toEqual([SALALAH]);
    const salalah = data.otherHotels![0]!.data;
    expect(salalah.account.email).toBe(guest.email);
    expect(salalah.bookings.map((b) => b.reference)).toEqual([there.reference]);

    // A guest known at Muscat only: the export is Muscat's alone.
    const local = await signUp('Muscat Only');
    await pushAll();
    const own = await json<{ otherHotels?: unknown }>(
      await call('/api/account/export', { cookie: local.cookie }),
    );
    expect(own.otherHotels).toBeUndefined();
  });
});

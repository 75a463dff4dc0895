import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { addDays, hotelToday, stayNights } from '@shared/dates';
import { call } from '@worker-test/helpers';
import {
  addRoomType,
  book,
  count,
  grantCookie,
  guest,
  json,
  markCheckedIn,
  one,
  rows,
  setBookingStatus,
  staffAccount,
  staffCookie,
  stays,
} from '@worker-test/builders';
import { setAllotment } from '@worker-test/bookings';
import {
  OFFERS,
  bought,
  buy,
  extraLinesOf,
  heldTypesOf,
  makeOffer,
  manager,
  offersOf,
  type Purchase,
  type Refusal,
} from '@worker-test/extras';
import { pngBytes } from '@worker-test/image-bytes';

/**
 * The extras a guest buys before arriving (docs/decisions/098-stay-extras.md): the offers' admin, a
 * stay's offers and who may see them, buying once per key however the network retries, an upgrade
 * that moves the stay's type and holds in one batch (fifty guests racing for the last room), the
 * daily cap of early check-ins, the desk's answer to a request posted once, a cancelled stay's
 * extras corrected, the day's revenue by kind, and the offers report.
 */

const stay = stays({ from: 500, every: 3, nights: 2 });
const silver = (over: Record<string, unknown> = {}) => book({ roomType: 'silver', ...over }, { stay });
/** The stay arrived: approved by the desk and checked in. */
async function arrived(b: { id: number }) {
  await setBookingStatus(b.id, 'approved');
  await markCheckedIn(b.id);
}

describe('who may set up and see extras', () => {
  it('the offers are the managers’; the requests the desk’s; a stay’s extras its own guest’s: everyone else is refused', async () => {
    const housekeeper = (await staffAccount({ role: 'housekeeper' })).cookie;
    const { cookie: guestCookie } = await guest();
    const staff = await staffCookie();
    for (const path of ['/api/admin/extras', '/api/admin/reports/extras?from=2026-01-01&to=2026-01-31']) {
      expect((await call(path)).status, path).toBe(401);
      for (const cookie of [guestCookie, housekeeper, staff])
        expect((await call(path, { cookie })).status, path).toBe(403);
      expect((await call(path, { cookie: await manager() })).status, path).toBe(200);
    }
    const post = await call('/api/admin/extras', { method: 'POST', cookie: staff, json: OFFERS.transfer });
    expect(post.status).toBe(403);
    expect((await call('/api/admin/extra-purchases', { cookie: guestCookie })).status).toBe(403);
    expect((await call('/api/admin/extra-purchases', { cookie: housekeeper })).status).toBe(403);
    expect((await call('/api/admin/extra-purchases', { cookie: staff })).status).toBe(200);
    for (const path of ['/api/admin/extra-purchases/1/approve', '/api/admin/extra-purchases/1/decline'])
      expect((await call(path, { method: 'POST', cookie: housekeeper, json: { reason: 'x' } })).status).toBe(
        403,
      );

    const offer = await makeOffer(OFFERS.transfer);
    const mine = await silver();
    const other = await silver();
    const theirs = await grantCookie(other);
    const body = { extraId: offer.id, details: { flightNumber: 'WY 102', time: '10:30' } };
    // Another guest's device, a signed-in stranger, a housekeeper, nobody: 404, as an unknown booking.
    for (const cookie of [theirs, guestCookie, housekeeper, undefined]) {
      expect((await call(`/api/booking-submissions/${mine.id}/extras`, { cookie })).status).toBe(404);
      expect((await call(`/api/booking-submissions/${mine.id}/purchases`, { cookie })).status).toBe(404);
      expect((await buy(mine.id, body, cookie ?? '')).status).toBe(404);
      expect(
        (await call(`/api/booking-submissions/${mine.id}/purchases/1/payment`, { method: 'POST', cookie }))
          .status,
      ).toBe(404);
    }
    expect(await count('select count(*) as n from extra_purchases where booking_id = ?', mine.id)).toBe(0);
    // Its own guest sees it; so does the desk (which sells it there).
    expect((await offersOf(mine.id, await grantCookie(mine))).map((o) => o.id)).toContain(offer.id);
    expect((await offersOf(mine.id, staff)).map((o) => o.id)).toContain(offer.id);
  });

  it('refuses a bad offer with each field’s error in the user’s language, never a 500', async () => {
    const cookie = await manager();
    const bad = await call('/api/admin/extras', {
      method: 'POST',
      cookie,
      lang: 'ar',
      json: { ...OFFERS.breakfast, nameAr: '', dailyCap: 3, tiers: [{ time: '09:00', priceBaisa: 1 }] },
    });
    expect(bad.status).toBe(400);
    const fields = (await json<Refusal>(bad)).error.fields!;
    expect(Object.keys(fields).sort()).toEqual(['dailyCap', 'nameAr', 'tiers']);
    expect(fields.dailyCap).toMatch(/[\u0600-\u06ff]/);
    for (const body of [
      { ...OFFERS.upgrade, toRoomType: undefined },
      { ...OFFERS.upgrade, toRoomType: 'silver' },
      { ...OFFERS.upgrade, toRoomType: 'no-such-type' },
      { ...OFFERS.transfer, fromRoomType: 'silver' },
      { ...OFFERS.transfer, priceBaisa: 0 },
      { ...OFFERS.transfer, ratePlans: ['nope'] },
      { ...OFFERS.early, dailyCap: 501 },
      // An early check-in at 15:00 is after the check-in time (14:00): no early check-in.
      { ...OFFERS.early, tiers: [{ time: '15:00', priceBaisa: 5_000 }] },
      {
        ...OFFERS.early,
        tiers: [
          { time: '08:00', priceBaisa: 5_000 },
          { time: '08:00', priceBaisa: 6_000 },
        ],
      },
      { ...OFFERS.transfer, kind: 'spa' },
      'not an object',
    ]) {
      const res = await call('/api/admin/extras', { method: 'POST', cookie, json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const huge = await call('/api/admin/extras', {
      method: 'POST',
      cookie,
      json: { ...OFFERS.transfer, descriptionEn: 'x'.repeat(70_000) },
    });
    expect(huge.status).toBe(413);
    expect(
      (await call('/api/admin/extras/99999', { method: 'PUT', cookie, json: OFFERS.transfer })).status,
    ).toBe(404);
    expect((await call('/api/admin/extras/99999', { method: 'DELETE', cookie })).status).toBe(404);
  });

  it('keeps an offer’s photo in R2, served to anyone and kept a year; anything not a photo is refused', async () => {
    const cookie = await manager();
    const offer = await makeOffer(OFFERS.breakfast);
    const html = await call(`/api/admin/extras/${offer.id}/photo`, {
      method: 'PUT',
      cookie,
      body: '<html><script>alert(1)</script></html>',
      headers: { 'content-type': 'image/png' },
    });
    expect(html.status).toBe(415);
    const put = await call(`/api/admin/extras/${offer.id}/photo`, {
      method: 'PUT',
      cookie,
      body: pngBytes(640, 480),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const { extra } = await json<{ extra: { photo: { src: string; width: number } } }>(put);
    expect(extra.photo.src).toMatch(/^\/api\/extras\/photos\/[0-9a-f-]{36}\.png$/);
    const served = await call(extra.photo.src);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await call('/api/extras/photos/..%2Fsecret.png')).status).toBe(404);
    // A new photo replaces the old one, whose object goes.
    const again = await call(`/api/admin/extras/${offer.id}/photo`, {
      method: 'PUT',
      cookie,
      body: pngBytes(320, 240),
    });
    expect(again.status).toBe(200);
    expect((await call(extra.photo.src)).status).toBe(404);
  });
});

describe('a stay’s offers', () => {
  it('lists what its plan and type may buy, priced for the stay, and records them as shown per channel', async () => {
    const upgrade = await makeOffer(OFFERS.upgrade);
    const goldOnly = await makeOffer({ ...OFFERS.breakfast, nameEn: 'Gold breakfast', roomTypes: ['gold'] });
    const breakfast = await makeOffer(OFFERS.breakfast);
    const hidden = await makeOffer({ ...OFFERS.transfer, active: false });
    const b = await silver({ numberOfGuests: 3 });
    const cookie = await grantCookie(b);
    const offers = await offersOf(b.id, cookie, 'whatsapp');
    const ids = offers.map((o) => o.id);
    expect(ids).toContain(upgrade.id);
    expect(ids).toContain(breakfast.id);
    expect(ids).not.toContain(goldOnly.id);
    expect(ids).not.toContain(hidden.id);
    // Breakfast: 4.500 a person a night, three guests, two nights; the upgrade 7.000 a night.
    expect(offers.find((o) => o.id === breakfast.id)).toMatchObject({ totalBaisa: 27_000, available: true });
    expect(offers.find((o) => o.id === upgrade.id)).toMatchObject({ totalBaisa: 14_000, available: true });
    await offersOf(b.id, cookie);
    await offersOf(b.id, cookie);
    await offersOf(b.id, await staffCookie());
    const shown = await rows<{ channel: string; n: number }>(
      'select channel, count(*) as n from extra_offers_shown where booking_id = ? and extra_id = ? group by channel order by channel',
      b.id,
      breakfast.id,
    );
    expect(shown).toEqual([
      { channel: 'app', n: 1 },
      { channel: 'desk', n: 1 },
      { channel: 'whatsapp', n: 1 },
    ]);
  });

  it('is closed once the stay has arrived or its arrival day has passed: 409 extras_closed, in both languages', async () => {
    const offer = await makeOffer(OFFERS.breakfast);
    const b = await silver();
    await arrived(b);
    const cookie = await grantCookie(b);
    expect((await offersOf(b.id, cookie)).find((o) => o.id === offer.id)).toMatchObject({
      available: false,
      reason: 'extras_closed',
    });
    for (const lang of ['ar', 'en'] as const) {
      const res = await buy(b.id, { extraId: offer.id }, cookie, { lang });
      expect(res.status).toBe(409);
      const { error } = await json<Refusal>(res);
      expect(error.code).toBe('extras_closed');
      expect(error.message).toMatch(lang === 'ar' ? /[\u0600-\u06ff]/ : /day of arrival/);
    }
  });
});

describe('buying an extra', () => {
  it('a transfer needs its flight; bought, it is on the folio once, however often the phone sends it again', async () => {
    const offer = await makeOffer(OFFERS.transfer);
    const b = await silver();
    const cookie = await grantCookie(b);
    const noFlight = await buy(b.id, { extraId: offer.id }, cookie, { lang: 'ar' });
    expect(noFlight.status).toBe(400);
    expect((await json<Refusal>(noFlight)).error.fields).toEqual({
      'details.flightNumber': expect.stringMatching(/[\u0600-\u06ff]/),
    });
    const noKey = await call(`/api/booking-submissions/${b.id}/extras`, {
      method: 'POST',
      cookie,
      json: { extraId: offer.id },
    });
    expect(noKey.status).toBe(400);
    // Malformed or impossible: a clear 400 (or 404, 413), never a 500, nothing bought.
    for (const [bad, status] of [
      [{ extraId: 'abc' }, 400],
      [{ extraId: offer.id, quantity: 0, details: { flightNumber: 'WY 1', time: '10:00' } }, 400],
      [{ extraId: offer.id, details: { flightNumber: 'WY 1', time: '25:00' } }, 400],
      [{ extraId: offer.id, details: { flightNumber: '<script>', time: '10:00' } }, 400],
      [{ extraId: 999_999 }, 404],
      [{ extraId: offer.id, details: { note: 'x'.repeat(70_000) } }, 413],
    ] as const) {
      const res = await buy(b.id, bad, cookie, { lang: 'ar' });
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(status);
    }
    const body = { extraId: offer.id, quantity: '٢', details: { flightNumber: 'wy 102', time: '١٠:٣٠' } };
    const key = crypto.randomUUID();
    // The network drops and the outbox sends it again: the same key, five times at once, then once more.
    const answers = await Promise.all(Array.from({ length: 5 }, () => buy(b.id, body, cookie, { key })));
    const again = await buy(b.id, body, cookie, { key });
    for (const res of [...answers, again]) expect(res.status).toBe(201);
    const purchases = await Promise.all([...answers, again].map((r) => json<{ purchase: Purchase }>(r)));
    expect(new Set(purchases.map((p) => p.purchase.id)).size).toBe(1);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(purchases[0]!.purchase).toMatchObject({ status: 'confirmed', totalBaisa: 24_000, time: '10:30' });
    expect(await count('select count(*) as n from extra_purchases where booking_id = ?', b.id)).toBe(1);
    const lines = await extraLinesOf(b.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ kind: 'charge', department: 'transfer', amount_baisa: 24_000 });
    expect(lines[0]!.description).toBe('Airport transfer · توصيل من المطار');
    expect(
      (await one<{ folio_balance_baisa: number }>(
        'select folio_balance_baisa from booking_submissions where id = ?',
        b.id,
      ))!.folio_balance_baisa,
    ).toBe(24_000);
    // The same key with another body is a misuse, not a second purchase.
    const reused = await buy(b.id, { ...body, quantity: 1 }, cookie, { key });
    expect(reused.status).toBe(422);
    const list = await json<{ purchases: (Purchase & { flightNumber: string })[] }>(
      await call(`/api/booking-submissions/${b.id}/purchases`, { cookie }),
    );
    expect(list.purchases).toHaveLength(1);
    expect(list.purchases[0]).toMatchObject({ flightNumber: 'WY 102', channel: 'app' });
  });

  it('an upgrade moves the stay to the better type in one batch: its nights held there, the old ones freed, the supplement a night on the folio, the channel told', async () => {
    const offer = await makeOffer(OFFERS.upgrade);
    const b = await silver();
    const nights = stayNights(b.checkInDate, b.checkOutDate);
    await env.DB.prepare('delete from channel_outbox').run();
    const purchase = await bought(b.id, { extraId: offer.id }, await grantCookie(b));
    expect(purchase).toMatchObject({ status: 'confirmed', totalBaisa: 14_000, kind: 'upgrade' });
    expect(
      (await one<{ room_type: string }>('select room_type from booking_submissions where id = ?', b.id))!
        .room_type,
    ).toBe('gold');
    expect(await heldTypesOf(b.id)).toEqual(nights.map((night) => ({ night, room_type: 'gold' })));
    const lines = await extraLinesOf(b.id);
    expect(lines.map((l) => l.amount_baisa)).toEqual([7_000, 7_000]);
    expect(lines.every((l) => l.department === 'room' && l.extra_purchase_id === purchase.id)).toBe(true);
    // The channel manager hears of both types' nights, queued by the holds' triggers in the batch.
    const queued = await rows<{ room_type: string; night: string }>(
      `select distinct room_type, night from channel_outbox where kind = 'availability' order by room_type, night`,
    );
    for (const type of ['gold', 'silver'])
      for (const night of nights) expect(queued).toContainEqual({ room_type: type, night });
    // Once bought, not again.
    const second = await buy(b.id, { extraId: offer.id }, await grantCookie(b));
    expect(second.status).toBe(409);
  });

  it('fifty guests buying the last upgrade at once: one gets it, forty-nine hear a clear refusal, nothing half-done', async () => {
    await addRoomType({
      code: 'courtyard',
      nameAr: 'غرفة الفناء',
      nameEn: 'Courtyard Room',
      maxAdults: 2,
      maxChildren: 0,
      maxOccupancy: 2,
      bedTypes: ['double'],
      smokingOptions: ['non_smoking'],
      priceBaisa: 20_000,
      roomCount: 60,
    });
    const offer = await makeOffer({ ...OFFERS.upgrade, fromRoomType: 'courtyard' });
    const checkInDate = addDays(hotelToday(), 700);
    const checkOutDate = addDays(checkInDate, 2);
    const guests = await Promise.all(
      Array.from({ length: 50 }, () => book({ roomType: 'courtyard', checkInDate, checkOutDate })),
    );
    // Each guest on their own phone (a device's grants are a handful).
    const cookies = await Promise.all(guests.map((g) => grantCookie(g)));
    const gold = await one<{ total_count: number }>(
      `select total_count from room_inventory where room_type = 'gold'`,
    );
    // One Gold room left on those nights.
    await setAllotment('room_inventory', `room_type = 'gold'`, 1);
    try {
      const answers = await Promise.all(
        guests.map((g, i) => buy(g.id, { extraId: offer.id }, cookies[i]!, { lang: i % 2 ? 'ar' : 'en' })),
      );
      const statuses = answers.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 201),
        String(statuses),
      ).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      const refusals = await Promise.all(
        answers.filter((r) => r.status === 409).map((r) => json<Refusal>(r)),
      );
      expect(new Set(refusals.map((r) => r.error.code))).toEqual(new Set(['extra_upgrade_sold_out']));
      expect(refusals.some((r) => /[\u0600-\u06ff]/.test(r.error.message))).toBe(true);
      expect(refusals.some((r) => /better room was just taken/.test(r.error.message))).toBe(true);
      for (const night of stayNights(checkInDate, checkOutDate)) {
        expect(
          await count(
            `select count(*) as n from booking_nights where room_type = 'gold' and night = ?`,
            night,
          ),
        ).toBe(1);
      }
      const winner = guests[statuses.indexOf(201)]!;
      const loser = guests[statuses.indexOf(409)]!;
      expect(await count('select count(*) as n from extra_purchases where extra_id = ?', offer.id)).toBe(1);
      expect((await extraLinesOf(winner.id)).length).toBe(2);
      expect(await extraLinesOf(loser.id)).toEqual([]);
      expect((await heldTypesOf(loser.id)).map((n) => n.room_type)).toEqual(['courtyard', 'courtyard']);
      // The others see it gone.
      expect(
        (await offersOf(loser.id, cookies[statuses.indexOf(409)]!)).find((o) => o.id === offer.id),
      ).toMatchObject({
        available: false,
        reason: 'extra_upgrade_sold_out',
      });
    } finally {
      await setAllotment('room_inventory', `room_type = 'gold'`, gold!.total_count);
    }
  }, 90_000);

  it('the desk sells at its own channel, on the folio (paid at the hotel), and the guest sees it', async () => {
    const offer = await makeOffer({ ...OFFERS.breakfast, nameEn: 'Desk breakfast' });
    const b = await silver();
    const staff = await staffCookie();
    expect((await offersOf(b.id, staff)).find((o) => o.id === offer.id)).toMatchObject({ available: true });
    const sold = await bought(b.id, { extraId: offer.id, quantity: 2, channel: 'whatsapp' }, staff);
    expect(sold).toMatchObject({
      channel: 'desk',
      status: 'confirmed',
      payOnline: false,
      totalBaisa: 18_000,
    });
    const list = await json<{ purchases: Purchase[] }>(
      await call(`/api/booking-submissions/${b.id}/purchases`, { cookie: await grantCookie(b) }),
    );
    expect(list.purchases.map((p) => p.id)).toEqual([sold.id]);
  });

  it('early check-ins hold their daily cap: of five guests racing for two places, two get one', async () => {
    const offer = await makeOffer(OFFERS.early);
    const checkInDate = addDays(hotelToday(), 720);
    const guests = [];
    for (let i = 0; i < 5; i++)
      guests.push(await book({ roomType: 'gold', checkInDate, checkOutDate: addDays(checkInDate, 1) }));
    const cookie = await grantCookie(...guests);
    const noSuchHour = await buy(guests[0]!.id, { extraId: offer.id, details: { time: '09:00' } }, cookie);
    expect(noSuchHour.status).toBe(400);
    const answers = await Promise.all(
      guests.map((g) => buy(g.id, { extraId: offer.id, details: { time: '11:00' } }, cookie)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const refused = await json<Refusal>(answers[statuses.indexOf(409)]!);
    expect(refused.error.code).toBe('extra_cap_reached');
    const ok = await json<{ purchase: Purchase }>(answers[statuses.indexOf(201)]!);
    // The 11:00 tier's price, and its hour kept for the desk.
    expect(ok.purchase).toMatchObject({ totalBaisa: 8_000, time: '11:00' });
    expect(
      await count(
        `select count(*) as n from extra_purchases where extra_id = ? and status = 'confirmed'`,
        offer.id,
      ),
    ).toBe(2);
  });
});

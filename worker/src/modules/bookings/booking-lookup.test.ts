import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { formatBookingReference } from '@shared/booking-reference';
import { toArabicIndicDigits } from '@shared/digits';
import type { Env } from '../../platform/env';
import { bookingLinkToken, endOfHotelDay } from './booking-grants';
import { bookingFromLink } from './booking-lookup';
import { book as bookThrough, bookingRequest, postBooking, staffCookie, stays } from '@worker-test/builders';
import { call, signUp, someAddress } from '@worker-test/helpers';

/**
 * Manage my booking without an account. A guest finds their booking by its
 * reference and phone (throttled; a wrong pair answers as an unknown reference) or opens it from
 * an e-mail's signed link; either grants it to that device only. A signed-in guest sees their own.
 * (The link in the e-mails themselves: worker/src/modules/messaging/email-messages.test.ts.)
 */
const db = drizzle(env.DB);
const workerEnv = env as unknown as Env;
const pepper = workerEnv.PASSWORD_PEPPER;

type Managed = {
  id: number;
  reference: string;
  status: string;
  phoneNumber: string;
  idNumber: string;
  userEmail: string | null;
  checkOutDate: string;
  policy: { cancellationDeadline: string; mayCancel: boolean };
  policyText: { ar: string; en: string };
};
type Answer = { booking: Managed; deviceGrant: boolean };
type ErrorAnswer = { error: { code: string; message: string; requestId?: string } };

const stay = stays({ from: 403, every: 3 });
/** A signed-out guest's booking request on nights no other test uses; its phone as stored. */
async function book(over: Record<string, unknown> = {}, cookie?: string) {
  const body = bookingRequest(
    { fullName: 'Maryam Al Hinai', idNumber: '87654321', roomType: 'silver', ...over },
    stay,
  );
  const booking = await bookThrough(body, { cookie });
  return { ...booking, phoneNumber: body.phoneNumber };
}

const lookup = (json: unknown, address = someAddress(), lang: 'ar' | 'en' = 'en') =>
  call('/api/bookings/lookup', { method: 'POST', json, lang, headers: { 'cf-connecting-ip': address } });

const getManaged = (reference: string, cookie?: string, address = someAddress()) =>
  call(`/api/bookings/${reference}`, { cookie, headers: { 'cf-connecting-ip': address } });

/** The `booking_grants=...` pair a response sets. */
function grantCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('booking_grants='));
  if (!set) throw new Error('no booking grant cookie set');
  expect(set).toMatch(/HttpOnly/i);
  expect(set).toMatch(/SameSite=Lax/i);
  return set.split(';')[0]!;
}

/** An error answer without its request id (the one part that differs on every request). */
async function errorOf(res: Response) {
  const body = (await res.json()) as ErrorAnswer;
  delete body.error.requestId;
  return { status: res.status, type: res.headers.get('content-type'), body: JSON.stringify(body) };
}

describe('looking a booking up by reference and phone', () => {
  it('answers the booking for the right pair, typed as a guest types it, and grants it to that device only', async () => {
    const b = await book();
    // "k7m-q4px" in lower case with a space, and the phone in Arabic-Indic digits with +968.
    const typed = ` ${formatBookingReference(b.reference).toLowerCase()} `;
    const res = await lookup({
      reference: typed,
      phoneNumber: `+968 ${toArabicIndicDigits(b.phoneNumber.slice(3))}`,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const cookie = grantCookie(res);
    const { booking, deviceGrant } = (await res.json()) as Answer;
    expect(deviceGrant).toBe(true);
    expect(booking).toMatchObject({ id: b.id, reference: b.reference, status: 'pending', userEmail: null });
    // The ID number is not shown to whoever holds the reference and the phone.
    expect(booking.idNumber).toBe('••••4321');
    expect(booking.policy.mayCancel).toBe(true);
    expect(Date.parse(booking.policy.cancellationDeadline)).toBeGreaterThan(Date.now());
    expect(booking.policyText).toEqual({ ar: expect.any(String), en: expect.any(String) });

    // The cookie grants the booking's page on this device...
    const page = await getManaged(b.reference, cookie);
    expect(page.status).toBe(200);
    expect(((await page.json()) as Answer).booking.id).toBe(b.id);
    // ...and another device (no cookie, or a forged one) gets what an unknown reference gets.
    const unknown = await errorOf(await getManaged('ZZZZZZZ'));
    expect(await errorOf(await getManaged(b.reference))).toEqual(unknown);
    expect(await errorOf(await getManaged(b.reference, `${cookie}x`))).toEqual(unknown);
    expect(unknown.status).toBe(404);
  });

  it('a device keeps the grants of several bookings', async () => {
    const [one, two] = [await book(), await book()];
    const first = await lookup({ reference: one.reference, phoneNumber: one.phoneNumber });
    const second = await call('/api/bookings/lookup', {
      method: 'POST',
      cookie: grantCookie(first),
      json: { reference: two.reference, phoneNumber: two.phoneNumber },
      headers: { 'cf-connecting-ip': someAddress() },
    });
    const both = grantCookie(second);
    expect((await getManaged(one.reference, both)).status).toBe(200);
    expect((await getManaged(two.reference, both)).status).toBe(200);
  });

  it('a wrong phone answers byte for byte as an unknown reference, in both languages, and grants nothing', async () => {
    const b = await book();
    for (const lang of ['ar', 'en'] as const) {
      const wrongPhone = await lookup(
        { reference: b.reference, phoneNumber: '99999999' },
        someAddress(),
        lang,
      );
      const unknownRef = await lookup(
        { reference: 'ZZZZZZZ', phoneNumber: b.phoneNumber },
        someAddress(),
        lang,
      );
      expect(wrongPhone.headers.getSetCookie().join()).not.toContain('booking_grants');
      expect(unknownRef.headers.getSetCookie().join()).not.toContain('booking_grants');
      const [a, c] = [await errorOf(wrongPhone), await errorOf(unknownRef)];
      expect(a).toEqual(c);
      expect(a.status).toBe(404);
      expect(JSON.parse(a.body).error.code).toBe('booking_lookup_failed');
      expect(JSON.parse(a.body).error.message).toBe(
        lang === 'en'
          ? 'We found no booking with this reference and phone number'
          : 'لم نجد حجزاً بهذا الرقم ورقم الهاتف',
      );
    }
  });

  it('allows 10 tries per 15 minutes from one address, right or wrong; the 11th is 429 with Retry-After', async () => {
    const [b, c] = [await book(), await book()];
    const address = someAddress();
    // Successes count too: 5 right (b), 5 wrong (c).
    for (let i = 0; i < 10; i++) {
      const res = await lookup(
        i % 2
          ? { reference: b.reference, phoneNumber: b.phoneNumber }
          : { reference: c.reference, phoneNumber: '90000000' },
        address,
      );
      expect(res.status).toBe(i % 2 ? 200 : 404);
    }
    const refused = await lookup({ reference: b.reference, phoneNumber: b.phoneNumber }, address);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorAnswer).error.code).toBe('too_many_lookups');
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // Another reference from the same address is refused as well (the address's tries are used up)...
    const other = await book();
    expect(
      (await lookup({ reference: other.reference, phoneNumber: other.phoneNumber }, address)).status,
    ).toBe(429);
    // ...and another address may still look b up (5 tries of its 10 used: the refused ones did
    // not count against it).
    expect((await lookup({ reference: b.reference, phoneNumber: b.phoneNumber })).status).toBe(200);
  });

  it('allows 10 tries per 15 minutes per reference, from any number of addresses', async () => {
    const b = await book();
    for (let i = 0; i < 10; i++) {
      const res = await lookup({ reference: b.reference, phoneNumber: `9100000${i}` });
      expect(res.status).toBe(404);
    }
    // Even the right phone, from an address never seen, waits now.
    const refused = await lookup({ reference: b.reference, phoneNumber: b.phoneNumber });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another reference is not affected.
    const other = await book();
    expect((await lookup({ reference: other.reference, phoneNumber: other.phoneNumber })).status).toBe(200);
  });

  it('opening a booking by reference that is not one’s own is a try of the lookup: 10 per address, then 429 there and for the lookup; one’s own counts nothing', async () => {
    const [mine, theirs] = [await book(), await book()];
    const cookie = grantCookie(await lookup({ reference: mine.reference, phoneNumber: mine.phoneNumber }));
    const address = someAddress();
    // The guest's own booking, as often as the page asks: never counted.
    for (let i = 0; i < 12; i++) expect((await getManaged(mine.reference, cookie, address)).status).toBe(200);
    // Another guest's booking and unknown references: the same answer, each a try.
    const unknown = await errorOf(await getManaged('ZZZZZZZ', cookie, address));
    expect(unknown.status).toBe(404);
    expect(await errorOf(await getManaged(theirs.reference, cookie, address))).toEqual(unknown);
    for (let i = 0; i < 8; i++)
      expect((await getManaged(`ZZZZZZ${'ABCDEFGH'[i]}`, undefined, address)).status).toBe(404);
    const refused = await getManaged(theirs.reference, undefined, address);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorAnswer).error.code).toBe('too_many_lookups');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The address's lookups are used up as well, even with the right pair...
    expect(
      (await lookup({ reference: theirs.reference, phoneNumber: theirs.phoneNumber }, address)).status,
    ).toBe(429);
    // ...while its own booking still opens, and other addresses are not affected.
    expect((await getManaged(mine.reference, cookie, address)).status).toBe(200);
    expect((await lookup({ reference: theirs.reference, phoneNumber: theirs.phoneNumber })).status).toBe(200);
  });

  it('refuses malformed and oversized bodies with a 4xx, never a 500, and counts no try', async () => {
    const address = someAddress();
    const bad: [unknown, number][] = [
      [{}, 400],
      [{ reference: 42, phoneNumber: 91234567 }, 400],
      [{ reference: 'ABC', phoneNumber: '91234567' }, 400],
      [{ reference: 'O0I1LOO', phoneNumber: '91234567' }, 400],
      [{ reference: 'K'.repeat(10_000), phoneNumber: '91234567' }, 400],
      [{ reference: 'K7MQ4PX', phoneNumber: 'call me' }, 400],
      [{ reference: 'K7MQ4PX', phoneNumber: '9'.repeat(40) }, 400],
      [[], 400],
      [null, 400],
    ];
    for (const [json, status] of bad) {
      const res = await lookup(json, address);
      expect(res.status, JSON.stringify(json).slice(0, 40)).toBe(status);
      expect(((await res.json()) as ErrorAnswer).error.code).toBe('validation_failed');
    }
    const notJson = await call('/api/bookings/lookup', {
      method: 'POST',
      body: '{"reference":',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': address },
    });
    expect(notJson.status).toBe(400);
    const huge = await lookup(
      { reference: 'K7MQ4PX', phoneNumber: '91234567', pad: 'x'.repeat(100_000) },
      address,
    );
    expect(huge.status).toBe(413);
    expect((await getManaged('not a reference!')).status).toBe(400);
    expect((await getManaged('K'.repeat(500))).status).toBe(400);
    const link = (json: unknown) => call('/api/bookings/link', { method: 'POST', json });
    expect((await link({ reference: 'K7MQ4PX' })).status).toBe(400);
    expect((await link({ reference: 'K7MQ4PX', token: 'x'.repeat(5000) })).status).toBe(400);
    // None of those counted: this address still has its 10 tries.
    const b = await book();
    for (let i = 0; i < 10; i++) {
      expect((await lookup({ reference: b.reference, phoneNumber: b.phoneNumber }, address)).status).toBe(
        200,
      );
    }
  });
});

describe("the e-mails' signed link", () => {
  const exchange = (reference: string, token: string, cookie?: string) =>
    call('/api/bookings/link', { method: 'POST', json: { reference, token }, cookie, lang: 'en' });

  it('is valid until the end of the check-out day in hotel time (Asia/Muscat), and refused after', async () => {
    const b = await book();
    const token = await bookingLinkToken(b.reference, b.checkOutDate, pepper);
    const end = endOfHotelDay(b.checkOutDate).getTime();
    // Midnight after the check-out day in Muscat (UTC+4) is 20:00 UTC on the check-out day.
    expect(new Date(end).toISOString()).toBe(`${b.checkOutDate}T20:00:00.000Z`);
    expect((await bookingFromLink(db, b.reference, token, pepper, end - 1)).id).toBe(b.id);
    await expect(bookingFromLink(db, b.reference, token, pepper, end)).rejects.toMatchObject({
      status: 410,
      code: 'booking_link_expired',
    });

    // Through the API: today it opens the booking and grants it to the device.
    const res = await exchange(formatBookingReference(b.reference).toLowerCase(), token);
    expect(res.status).toBe(200);
    const cookie = grantCookie(res);
    expect(((await res.json()) as Answer).booking.id).toBe(b.id);
    expect((await getManaged(b.reference, cookie)).status).toBe(200);

    // A genuine link of a stay that ended: 410 with a clear message.
    const old = await exchange(b.reference, await bookingLinkToken(b.reference, '2020-01-01', pepper));
    expect(old.status).toBe(410);
    const body = (await old.json()) as ErrorAnswer;
    expect(body.error.code).toBe('booking_link_expired');
    expect(body.error.message).toContain('expired');
    expect(old.headers.getSetCookie().join()).not.toContain('booking_grants');
  });

  it('refuses a forged or altered token, and one made for another reference', async () => {
    const [b, other] = [await book(), await book()];
    const token = await bookingLinkToken(b.reference, b.checkOutDate, pepper);
    const [until, mac] = token.split('.') as [string, string];
    const flipped = `${until}.${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`;
    const later = `${String(Number(until) + 10000)}.${mac}`; // a later end, with the old signature
    const cases = [
      await exchange(b.reference, flipped),
      await exchange(b.reference, later),
      await exchange(b.reference, 'not-a-token'),
      await exchange(other.reference, token),
      await exchange(b.reference, await bookingLinkToken(b.reference, b.checkOutDate, 'another-pepper')),
    ];
    for (const res of cases) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorAnswer).error.code).toBe('booking_link_invalid');
      expect(res.headers.getSetCookie().join()).not.toContain('booking_grants');
    }
  });
});

describe('a signed-in guest', () => {
  it('sees their own booking by its reference, not another guest’s', async () => {
    const [owner, stranger] = [await signUp('Owner Guest'), await signUp('Other Guest')];
    const mine = await book({}, owner.cookie);
    const res = await getManaged(mine.reference, owner.cookie);
    expect(res.status).toBe(200);
    const { booking, deviceGrant } = (await res.json()) as Answer;
    expect(booking).toMatchObject({ id: mine.id, userEmail: owner.email });
    expect(deviceGrant).toBe(false);

    const unknown = await errorOf(await getManaged('ZZZZZZZ', stranger.cookie));
    expect(await errorOf(await getManaged(mine.reference, stranger.cookie))).toEqual(unknown);
    // A lookup by the right pair still grants it to the stranger's device (the pair is the proof),
    // without the owner's e-mail.
    const found = await lookup({ reference: mine.reference, phoneNumber: mine.phoneNumber });
    expect(((await found.json()) as Answer).booking.userEmail).toBeNull();
  });
});

describe('the device that booked', () => {
  type OnDevice = { bookings: { reference: string; status: string; checkInDate: string }[] };
  const onDevice = async (cookie?: string) =>
    (await (await call('/api/bookings/on-this-device', { cookie })).json()) as OnDevice;

  it('may open and list the booking it made without an account; another device and the desk may not', async () => {
    const body = bookingRequest(
      { fullName: 'Salma Al Amri', idNumber: '55443322', roomType: 'silver' },
      stay,
    );
    const made = await postBooking(body);
    expect(made.status).toBe(201);
    const { booking } = (await made.json()) as { booking: { reference: string } };
    const cookie = grantCookie(made);
    expect((await getManaged(booking.reference, cookie)).status).toBe(200);
    expect((await onDevice(cookie)).bookings.map((b) => b.reference)).toEqual([booking.reference]);
    // A second booking on the same device joins the first (the cookie sent back, as a browser does).
    const second = await postBooking(bookingRequest({ fullName: 'Salma Al Amri', roomType: 'gold' }, stay), {
      cookie,
    });
    const both = grantCookie(second);
    const listed = (await onDevice(both)).bookings.map((b) => b.reference);
    expect(listed).toHaveLength(2);
    expect(listed).toContain(booking.reference);
    // Another device: nothing, and the booking's page is the lookup's 404.
    expect((await onDevice()).bookings).toEqual([]);
    expect((await getManaged(booking.reference)).status).toBe(404);
    // The desk's tablet booking for a guest is given no grant.
    const atDesk = await postBooking(bookingRequest({ fullName: 'Desk Guest' }, stay), {
      cookie: await staffCookie(),
    });
    expect(atDesk.status).toBe(201);
    expect(atDesk.headers.getSetCookie().join()).not.toContain('booking_grants');
  });
});

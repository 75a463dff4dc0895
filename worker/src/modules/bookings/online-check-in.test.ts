import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { hotelInstant } from '@shared/stay-policy';
import { cleanUp } from '../../cleanup';
import type { BookingSubmission } from './tables';
import { addBookingGrant } from './booking-grants';
import { ApiError } from '../../platform/api-error';
import { dueForRetention, sweepOrphanIdDocuments } from '../privacy/id-retention';
import { assertCheckInOpen, saveOnlineCheckIn, storeIdDocument } from './online-check-in';
import { book, json, setBookingStatus, staffCookie } from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';
import { jpegBytes, pngBytes } from '@worker-test/image-bytes';
import { planOf } from '@worker-test/query-plans';

/**
 * Online check-in: the window at its edges, owner only, the ID photo's
 * checks and its staff-only read, atomic writes without orphan photos, and ID retention.
 */

const db = drizzle(env.DB);
const SETTINGS = { checkInTime: '14:00', freeCancellationHours: 24, onlineCheckInHours: 72 };

let slot = 0;
const ROOMS = ['silver', 'gold', 'diamond', 'deluxe'] as const;

/** A booking arriving tomorrow or the day after (inside the 72-hour window), approved by staff. */
async function approvedBooking({
  cookie,
  status = 'approved',
  arrivesInDays,
}: { cookie?: string; status?: 'approved' | 'pending'; arrivesInDays?: number } = {}) {
  slot += 1;
  const checkInDate = addDays(hotelToday(), arrivesInDays ?? 1 + (slot % 2));
  const booking = await book(
    {
      fullName: 'Salim Al Harthy',
      idNumber: 'AB12345678',
      roomType: ROOMS[Math.floor(slot / 2) % ROOMS.length],
      checkInDate,
      checkOutDate: addDays(checkInDate, 2),
    },
    { cookie },
  );
  if (status === 'approved') await setBookingStatus(booking.id, 'approved');
  return booking.id;
}

const jpeg = (size = 4096) => jpegBytes(1200, 800, size);

const uploadId = (id: number, body: BodyInit, cookie?: string, lang: 'ar' | 'en' = 'en') =>
  call(`/api/booking-submissions/${id}/id-document`, {
    method: 'PUT',
    cookie,
    lang,
    headers: { 'content-type': 'image/jpeg' },
    body,
  });

const CHECK_IN = { arrivalTime: '15:30', adults: 2, children: 0, specialRequests: '', acceptTerms: true };
const checkIn = (id: number, body: unknown, cookie?: string, lang: 'ar' | 'en' = 'en') =>
  call(`/api/booking-submissions/${id}/online-check-in`, { method: 'PUT', cookie, lang, json: body });

const row = (id: number) =>
  env.DB.prepare('select * from booking_submissions where id = ?').bind(id).first<Record<string, unknown>>();

const objectsOf = async (id: number) =>
  (await env.IMAGES.list({ prefix: `id-documents/${id}/` })).objects.map((o) => o.key);

const errorCode = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (err) {
    return err instanceof ApiError ? err.code : String(err);
  }
};

describe('the online check-in window', () => {
  const booking = { status: 'approved' as const, checkInDate: '2026-12-10', idDataPurgedAt: null };
  // Check-in at 14:00 in Muscat (UTC+4) on 10 December: opens 72 hours before, closes at midnight.
  const opens = hotelInstant('2026-12-10', '14:00').getTime() - 72 * 60 * 60_000;
  const closes = hotelInstant('2026-12-11', '00:00').getTime();

  it('opens at check-in time minus onlineCheckInHours, to the second, and closes at the end of the arrival day', () => {
    expect(new Date(opens).toISOString()).toBe('2026-12-07T10:00:00.000Z');
    expect(errorCode(() => assertCheckInOpen(booking, SETTINGS, new Date(opens - 1000)))).toBe(
      'online_check_in_not_open',
    );
    expect(errorCode(() => assertCheckInOpen(booking, SETTINGS, new Date(opens)))).toBe('ok');
    expect(errorCode(() => assertCheckInOpen(booking, SETTINGS, new Date(opens + 1000)))).toBe('ok');
    expect(errorCode(() => assertCheckInOpen(booking, SETTINGS, new Date(closes - 1000)))).toBe('ok');
    expect(errorCode(() => assertCheckInOpen(booking, SETTINGS, new Date(closes)))).toBe(
      'online_check_in_closed',
    );
    // The hours are the site's setting.
    const at = new Date(opens - 1000);
    expect(errorCode(() => assertCheckInOpen(booking, { ...SETTINGS, onlineCheckInHours: 73 }, at))).toBe(
      'ok',
    );
  });

  it('is only for approved or confirmed bookings', () => {
    const at = new Date(opens + 1000);
    expect(errorCode(() => assertCheckInOpen({ ...booking, status: 'confirmed' }, SETTINGS, at))).toBe('ok');
    for (const status of ['pending', 'cancelled', 'completed'] as const) {
      expect(errorCode(() => assertCheckInOpen({ ...booking, status }, SETTINGS, at))).toBe(
        'online_check_in_status',
      );
    }
  });

  it('the writes refuse a second before the window, with `now` passed through', async () => {
    const id = await approvedBooking();
    const stored = await fullRow(id);
    const opensAt = hotelInstant(stored.checkInDate, '14:00').getTime() - 72 * 60 * 60_000;
    await expect(
      storeIdDocument(db, env.IMAGES, stored, new Response(jpeg()).body, {
        settings: SETTINGS,
        now: new Date(opensAt - 1000),
        actor: null,
      }),
    ).rejects.toMatchObject({ status: 409, code: 'online_check_in_not_open' });
    expect(await objectsOf(id)).toEqual([]);
    const withPhoto = await storeIdDocument(db, env.IMAGES, stored, new Response(jpeg()).body, {
      settings: SETTINGS,
      now: new Date(opensAt),
      actor: null,
    });
    const input = { ...CHECK_IN, acceptTerms: true as const };
    await expect(
      saveOnlineCheckIn(db, withPhoto, input, {
        settings: SETTINGS,
        now: new Date(opensAt - 1000),
        actor: null,
      }),
    ).rejects.toMatchObject({ status: 409, code: 'online_check_in_not_open' });
    const done = await saveOnlineCheckIn(db, withPhoto, input, {
      settings: SETTINGS,
      now: new Date(opensAt),
      actor: null,
    });
    expect(done.checkedInOnlineAt?.getTime()).toBe(opensAt);
  });
});

async function fullRow(id: number): Promise<BookingSubmission> {
  const { bookingSubmissions } = await import('./tables');
  const { eq } = await import('drizzle-orm');
  const [found] = await db.select().from(bookingSubmissions).where(eq(bookingSubmissions.id, id));
  return found!;
}

describe('PUT /api/booking-submissions/:id/online-check-in', () => {
  it('checks the owner in with their ID photo: details, audit line and one staff alert, updatable', async () => {
    const guest = await signUp();
    const id = await approvedBooking({ cookie: guest.cookie });

    // The ID photo first.
    const early = await checkIn(id, CHECK_IN, guest.cookie);
    expect(early.status).toBe(409);
    expect((await json<{ error: { code: string } }>(early)).error.code).toBe('id_document_required');
    const uploaded = await uploadId(id, jpeg(), guest.cookie);
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    expect(await json(uploaded)).toMatchObject({ hasIdDocument: true, onlineCheckIn: null });

    // A staff tablet subscribed to pushes hears of the check-in (once); the guest gets no e-mail of it.
    const staffSubscription = await env.DB.prepare(
      `insert into push_subscriptions (endpoint, p256dh, auth, user_id, role, lang)
       select ?, 'key', 'auth', id, 'staff', 'ar' from users where email = 'staff@example.com' returning id`,
    )
      .bind(`https://push.example/${crypto.randomUUID()}`)
      .first<{ id: number }>();
    const pushes = () =>
      env.DB.prepare(
        `select count(*) as n from push_outbox where kind = 'booking_checked_in_online' and subject_id = ? and subscription_id = ?`,
      )
        .bind(id, staffSubscription!.id)
        .first<{ n: number }>();

    // Arabic-Indic digits are accepted; the answer is in the request's language.
    const res = await checkIn(
      id,
      {
        arrivalTime: '٩:٠٥',
        adults: '١',
        children: '١',
        specialRequests: '  سرير أطفال  ',
        acceptTerms: true,
      },
      guest.cookie,
      'ar',
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json<{ message: string; onlineCheckIn: Record<string, unknown> }>(res);
    expect(body.message).toBe('تم تسجيل وصولك عبر الإنترنت');
    expect(body.onlineCheckIn).toMatchObject({
      arrivalTime: '09:05',
      adults: 1,
      children: 1,
      specialRequests: 'سرير أطفال',
      hasIdDocument: true,
    });
    const first = body.onlineCheckIn.checkedInAt;

    // Again, until arrival: the details change, the check-in time stays, no second alert.
    const again = await checkIn(id, { ...CHECK_IN, arrivalTime: '18:00' }, guest.cookie);
    expect(again.status).toBe(200);
    const second = (await json<{ onlineCheckIn: Record<string, unknown> }>(again)).onlineCheckIn;
    expect(second).toMatchObject({ arrivalTime: '18:00', adults: 2, children: 0 });
    expect(second.checkedInAt).toBe(first);

    expect((await pushes())?.n).toBe(1);
    const mails = await env.DB.prepare(
      `select count(*) as n from email_outbox where kind = 'booking_checked_in_online'`,
    ).first<{ n: number }>();
    expect(mails?.n).toBe(0);
    const alerts = await env.DB.prepare(
      `select count(*) as n from staff_alerts where kind = 'online_check_in' and booking_id = ?`,
    )
      .bind(id)
      .first<{ n: number }>();
    expect(alerts?.n).toBe(1);
    const audit = await env.DB.prepare(
      `select action, actor_email from audit_log where entity_type = 'booking' and entity_id = ? order by id`,
    )
      .bind(String(id))
      .all<{ action: string; actor_email: string }>();
    expect(audit.results.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'booking.id_document_uploaded',
        'booking.checked_in_online',
        'booking.online_check_in_updated',
      ]),
    );
    expect(audit.results.find((a) => a.action === 'booking.checked_in_online')?.actor_email).toBe(
      guest.email,
    );

    // Staff see it on the desk's list; the photo only as "on file", never its key.
    const staff = await staffCookie();
    const list = await call(`/api/booking-submissions?status=approved&limit=500`, { cookie: staff });
    const listed = (await json<{ id: number; onlineCheckIn: unknown }[]>(list)).find((b) => b.id === id);
    expect(listed?.onlineCheckIn).toMatchObject({ arrivalTime: '18:00', hasIdDocument: true });
    expect(JSON.stringify(listed)).not.toContain('id-documents/');
  });

  it('validates in the request language: time, adults, children, requests, terms', async () => {
    const guest = await signUp();
    const id = await approvedBooking({ cookie: guest.cookie });
    expect((await uploadId(id, jpeg(), guest.cookie)).status).toBe(200);
    const fieldsOf = async (body: unknown, lang: 'ar' | 'en' = 'en') => {
      const res = await checkIn(id, body, guest.cookie, lang);
      return {
        status: res.status,
        ...(await json<{ error: { code: string; fields?: Record<string, string> } }>(res)).error,
      };
    };
    expect(await fieldsOf({ ...CHECK_IN, acceptTerms: false })).toMatchObject({
      status: 400,
      fields: { acceptTerms: "Please accept the hotel's terms to check in" },
    });
    expect(await fieldsOf({ ...CHECK_IN, acceptTerms: false }, 'ar')).toMatchObject({
      fields: { acceptTerms: 'يجب الموافقة على شروط الفندق لإتمام تسجيل الوصول' },
    });
    expect((await fieldsOf({ ...CHECK_IN, arrivalTime: '24:00' })).fields).toHaveProperty('arrivalTime');
    expect((await fieldsOf({ ...CHECK_IN, arrivalTime: 'soon' })).fields).toHaveProperty('arrivalTime');
    expect((await fieldsOf({ ...CHECK_IN, adults: 0 })).fields).toHaveProperty('adults');
    expect((await fieldsOf({ ...CHECK_IN, children: -1 })).fields).toHaveProperty('children');
    expect((await fieldsOf({ ...CHECK_IN, adults: 7, children: 6 })).fields).toMatchObject({
      children: 'A room takes 12 guests at most',
    });
    expect((await fieldsOf({ ...CHECK_IN, specialRequests: 'x'.repeat(501) })).fields).toHaveProperty(
      'specialRequests',
    );
    // More people than the booking was made (and priced) for: a change of the booking, not a check-in.
    expect(await fieldsOf({ ...CHECK_IN, adults: 2, children: 1 })).toMatchObject({
      status: 422,
      code: 'check_in_guests_over_booking',
    });
    expect((await row(id))?.checked_in_online_at).toBeNull();
  });

  it('is refused for a pending booking and before the window', async () => {
    const guest = await signUp();
    const pending = await approvedBooking({ cookie: guest.cookie, status: 'pending' });
    const refused = await uploadId(pending, jpeg(), guest.cookie);
    expect(refused.status).toBe(409);
    expect((await json<{ error: { code: string } }>(refused)).error.code).toBe('online_check_in_status');

    const later = await approvedBooking({ cookie: guest.cookie, arrivesInDays: 10 });
    const early = await uploadId(later, jpeg(), guest.cookie, 'ar');
    expect(early.status).toBe(409);
    expect(await json(early)).toMatchObject({
      error: {
        code: 'online_check_in_not_open',
        message: 'لم يُفتح تسجيل الوصول عبر الإنترنت لهذا الحجز بعد',
      },
    });
    expect(await objectsOf(later)).toEqual([]);
    expect((await checkIn(later, CHECK_IN, guest.cookie)).status).toBe(409);
  });

  it("is the owner's only: another guest and no cookie get 404; a device grant works", async () => {
    const owner = await signUp();
    const id = await approvedBooking({ cookie: owner.cookie });
    const other = await signUp();
    for (const cookie of [other.cookie, undefined]) {
      const upload = await uploadId(id, jpeg(), cookie);
      expect(upload.status).toBe(404);
      expect((await json<{ error: { code: string } }>(upload)).error.code).toBe('booking_not_found');
      expect((await checkIn(id, CHECK_IN, cookie)).status).toBe(404);
    }
    expect(await objectsOf(id)).toEqual([]);

    // A booking made without an account, granted to this device (lookup or e-mail link).
    const anonymous = await approvedBooking();
    const { token } = await addBookingGrant(
      new Map(),
      anonymous,
      Date.now() + 86_400_000,
      env.PASSWORD_PEPPER,
    );
    const grant = `booking_grants=${token}`;
    expect((await uploadId(anonymous, jpeg(), grant)).status).toBe(200);
    expect((await checkIn(anonymous, CHECK_IN, grant)).status).toBe(200);
    // A grant for one booking is not one for another.
    expect((await checkIn(id, CHECK_IN, grant)).status).toBe(404);
    const forged = `booking_grants=${token.slice(0, -2)}xx`;
    expect((await checkIn(anonymous, CHECK_IN, forged)).status).toBe(404);
  });
});

describe('PUT /api/booking-submissions/:id/id-document', () => {
  it('refuses what is not an accepted image, too big or too large a body: 4xx, never 500, nothing kept', async () => {
    const guest = await signUp();
    const id = await approvedBooking({ cookie: guest.cookie });
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;');
    for (const body of [html, svg, gif, new Uint8Array()]) {
      const res = await uploadId(id, body, guest.cookie, 'ar');
      expect(res.status).toBe(415);
      expect((await json<{ error: { message: string } }>(res)).error.message).toContain('JPEG');
    }
    // A JPEG header over 5 MB, and a body far past it (stopped before it is read whole).
    const big = await uploadId(id, jpeg(5 * 1024 * 1024 + 1), guest.cookie);
    expect(big.status).toBe(413);
    const huge = await uploadId(id, new Uint8Array(12 * 1024 * 1024), guest.cookie);
    expect(huge.status).toBe(413);
    expect((await json<{ error: { code: string } }>(huge)).error.code).toBe('image_too_large');
    // A picture of too many pixels.
    const pixels = await uploadId(id, pngBytes(20_000, 20_000, 2048), guest.cookie);
    expect(pixels.status).toBe(422);
    expect(await objectsOf(id)).toEqual([]);
    expect((await row(id))?.id_document_key).toBeNull();
  });

  it('replaces a photo: the old object goes, the new one stays', async () => {
    const guest = await signUp();
    const id = await approvedBooking({ cookie: guest.cookie });
    expect((await uploadId(id, jpeg(), guest.cookie)).status).toBe(200);
    const firstKey = (await row(id))?.id_document_key as string;
    expect((await uploadId(id, pngBytes(800, 600, 2048), guest.cookie)).status).toBe(200);
    const secondKey = (await row(id))?.id_document_key as string;
    expect(secondKey).not.toBe(firstKey);
    expect(secondKey).toMatch(new RegExp(`^id-documents/${id}/[0-9a-f-]{36}\\.png$`));
    expect(await objectsOf(id)).toEqual([secondKey]);
  });
});

describe('GET /api/admin/booking-submissions/:id/id-document', () => {
  it('serves the photo to staff only, never cached; guests (even the owner) cannot read it back', async () => {
    const guest = await signUp();
    const id = await approvedBooking({ cookie: guest.cookie });
    const bytes = jpeg(3000);
    expect((await uploadId(id, bytes, guest.cookie)).status).toBe(200);
    const path = `/api/admin/booking-submissions/${id}/id-document`;

    const staff = await call(path, { cookie: await staffCookie() });
    expect(staff.status).toBe(200);
    expect(staff.headers.get('content-type')).toBe('image/jpeg');
    expect(staff.headers.get('cache-control')).toBe('private, no-store');
    expect(staff.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(new Uint8Array(await staff.arrayBuffer())).toEqual(bytes);

    expect((await call(path, { cookie: guest.cookie })).status).toBe(403);
    expect((await call(path)).status).toBe(401);
    // Nothing else answers with it: the guest's own calls never carry the photo.
    expect((await call(`/api/booking-submissions/${id}/id-document`, { cookie: guest.cookie })).status).toBe(
      404,
    );
    const viewed = await env.DB.prepare(
      `select count(*) as n from audit_log where action = 'booking.id_document_viewed' and entity_id = ?`,
    )
      .bind(String(id))
      .first<{ n: number }>();
    expect(viewed?.n).toBe(1);

    const none = await approvedBooking({ cookie: guest.cookie });
    expect(
      (await call(`/api/admin/booking-submissions/${none}/id-document`, { cookie: await staffCookie() }))
        .status,
    ).toBe(404);
  });
});

describe('atomic writes', () => {
  /** Makes the next statement of a kind fail inside its batch, as a real D1 error would. */
  async function failing(table: string, when: string, run: () => Promise<unknown>) {
    await env.DB.exec(
      `CREATE TRIGGER test_fail BEFORE INSERT ON ${table} WHEN ${when} BEGIN SELECT RAISE(ABORT, 'test failure'); END;`,
    );
    try {
      return await run();
    } finally {
      await env.DB.exec('DROP TRIGGER test_fail;');
    }
  }

  it('a failing upload batch keeps the old photo and leaves no new object in R2', async () => {
    const guest = await signUp();
    const id = await approvedBooking({ cookie: guest.cookie });
    expect((await uploadId(id, jpeg(), guest.cookie)).status).toBe(200);
    const kept = (await row(id))?.id_document_key;
    const res = (await failing('audit_log', `NEW.action = 'booking.id_document_uploaded'`, () =>
      uploadId(id, jpeg(5000), guest.cookie),
    )) as Response;
    expect(res.status).toBe(500);
    expect((await row(id))?.id_document_key).toBe(kept);
    expect(await objectsOf(id)).toEqual([kept]);
  });

  it('a booking cancelled meanwhile: the upload is refused and its object deleted', async () => {
    const guest = await signUp();
    const id = await approvedBooking({ cookie: guest.cookie });
    const stale = await fullRow(id);
    await env.DB.prepare(`update booking_submissions set status = 'cancelled' where id = ?`).bind(id).run();
    await expect(
      storeIdDocument(db, env.IMAGES, stale, new Response(jpeg()).body, { settings: SETTINGS, actor: null }),
    ).rejects.toMatchObject({ status: 409, code: 'online_check_in_status' });
    expect(await objectsOf(id)).toEqual([]);
  });

  it('a failing check-in batch checks nobody in and alerts nobody', async () => {
    const guest = await signUp();
    const id = await approvedBooking({ cookie: guest.cookie });
    expect((await uploadId(id, jpeg(), guest.cookie)).status).toBe(200);
    const res = (await failing('audit_log', `NEW.action = 'booking.checked_in_online'`, () =>
      checkIn(id, CHECK_IN, guest.cookie),
    )) as Response;
    expect(res.status).toBe(500);
    expect((await row(id))?.checked_in_online_at).toBeNull();
    const alerts = await env.DB.prepare(
      `select count(*) as n from staff_alerts where kind = 'online_check_in' and booking_id = ?`,
    )
      .bind(id)
      .first<{ n: number }>();
    expect(alerts?.n).toBe(0);
  });
});

describe('ID retention (the daily job)', () => {
  /** A past stay inserted as it would be after check-out, with an ID photo in R2. */
  async function pastStay(checkOutDate: string, idNumber = '12345678', photo = true) {
    const reference = `R${crypto.randomUUID().slice(0, 7).toUpperCase()}`;
    const key = photo ? `id-documents/retention-${reference}/${crypto.randomUUID()}.jpg` : null;
    if (key) await env.IMAGES.put(key, jpeg());
    const inserted = await env.DB.prepare(
      `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
        room_type, status, id_document_key, id_document_type)
       values (?, 'Past Guest', '91234567', ?, ?, ?, 'gold', 'completed', ?, 'image/jpeg') returning id`,
    )
      .bind(reference, idNumber, addDays(checkOutDate, -2), checkOutDate, key)
      .first<{ id: number }>();
    return { id: inserted!.id, key };
  }

  it('deletes photos and masks ID numbers idRetentionDays after check-out, only then, once', async () => {
    // 1 March 2027, 08:00 in Muscat: 30 days back is 30 January.
    const now = hotelInstant('2027-03-01', '08:00');
    const due = await pastStay('2027-01-30', 'A1234567');
    const older = await pastStay('2027-01-02', '98765432101');
    const noPhoto = await pastStay('2027-01-15', '55556666', false);
    const notYet = await pastStay('2027-01-31', '11112222');
    // Staff's audit lines that copied the bookings' ID numbers (an edit's before and after).
    const copy = (idNumber: string) =>
      JSON.stringify({ fullName: 'Past Guest', idNumber, status: 'completed' });
    for (const [stay, idNumber] of [
      [due, 'A1234567'],
      [notYet, '11112222'],
    ] as const)
      await env.DB.prepare(
        `insert into audit_log (action, entity_type, entity_id, before, after) values ('booking.edit', 'booking', ?, ?, ?)`,
      )
        .bind(String(stay.id), copy(idNumber), copy(idNumber))
        .run();
    const auditCopy = async (id: number) =>
      (await env.DB.prepare(
        `select before, after from audit_log where action = 'booking.edit' and entity_id = ?`,
      )
        .bind(String(id))
        .first<{ before: string; after: string }>())!;

    const first = await cleanUp(env, now.getTime());
    expect(first.bookingsPurged).toBeGreaterThanOrEqual(3);
    for (const [stay, masked] of [
      [due, '****4567'],
      [older, '*******2101'],
      [noPhoto, '****6666'],
    ] as const) {
      const r = await row(stay.id);
      expect(r?.id_number).toBe(masked);
      expect(r?.id_document_key).toBeNull();
      expect(r?.id_data_purged_at).toBe(now.getTime());
      if (stay.key) expect(await env.IMAGES.head(stay.key)).toBeNull();
    }
    expect(await auditCopy(due.id)).toEqual({ before: copy('****4567'), after: copy('****4567') });
    // A day short of its retention: untouched.
    expect((await row(notYet.id))?.id_number).toBe('11112222');
    expect(await auditCopy(notYet.id)).toEqual({ before: copy('11112222'), after: copy('11112222') });
    expect(await env.IMAGES.head(notYet.key!)).not.toBeNull();

    // Idempotent: the next run finds nothing more to do and changes nothing.
    const second = await cleanUp(env, now.getTime());
    expect(second.bookingsPurged).toBe(0);
    expect((await row(due.id))?.id_number).toBe('****4567');

    // The next day it is due.
    const next = await cleanUp(env, now.getTime() + 86_400_000);
    expect(next.bookingsPurged).toBe(1);
    expect((await row(notYet.id))?.id_number).toBe('****2222');
    expect(await env.IMAGES.head(notYet.key!)).toBeNull();
  });

  it('follows the site setting, and works through a backlog in bounded batches', async () => {
    await env.DB.prepare('update site_settings set id_retention_days = 365 where id = 1').run();
    try {
      const now = hotelInstant('2031-06-01', '08:00');
      const stays = await Promise.all(['2030-12-01', '2030-12-02', '2030-12-03'].map((d) => pastStay(d)));
      const early = await cleanUp(env, now.getTime());
      expect(early.bookingsPurged).toBe(0);
      const { purgeExpiredIdData } = await import('../privacy/id-retention');
      const later = hotelInstant('2031-12-10', '08:00');
      const run = await purgeExpiredIdData(db, env.IMAGES, later, 2);
      expect(run.bookingsPurged).toBe(3);
      for (const stay of stays) expect((await row(stay.id))?.id_number).toBe('****5678');
    } finally {
      await env.DB.prepare('update site_settings set id_retention_days = 30 where id = 1').run();
    }
  });

  it('reads the due bookings along the partial retention index (no walk of the history)', async () => {
    const query = dueForRetention(db, '2027-01-01', 100).toSQL();
    const details = (await planOf(query)).join(' | ');
    expect(details).toContain('booking_submissions_id_retention_idx');
    expect(details).not.toContain('TEMP B-TREE');
  });

  it('sweeps ID photos no booking points to, a day after they were written', async () => {
    const guest = await signUp();
    const id = await approvedBooking({ cookie: guest.cookie });
    expect((await uploadId(id, jpeg(), guest.cookie)).status).toBe(200);
    const kept = (await row(id))?.id_document_key as string;
    const orphan = `id-documents/${id}/${crypto.randomUUID()}.jpg`;
    await env.IMAGES.put(orphan, jpeg());
    expect(await sweepOrphanIdDocuments(db, env.IMAGES, Date.now())).toBe(0);
    expect(await sweepOrphanIdDocuments(db, env.IMAGES, Date.now() + 2 * 86_400_000)).toBe(1);
    expect(await objectsOf(id)).toEqual([kept]);
  });
});

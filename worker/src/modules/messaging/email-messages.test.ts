import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { describe, expect, it } from 'vitest';
import { formatBookingReference } from '@shared/booking-reference';
import { addDays } from '@shared/dates';
import type { Env } from '../../platform/env';
import { expireStalePending, verifyBookingLinkToken } from '../bookings';
import { deliverEmails } from './email-delivery';
import {
  adminCookie as admin,
  arrivingToday,
  bookingRequest,
  staffCookie as staff,
  stays,
  uniquePhone,
} from '@worker-test/builders';
import { call, entryCall, signUp, uniqueEmail } from '@worker-test/helpers';
import { book, mailbox, mailsTo, nextAddress, outbox, setStatus } from '@worker-test/mail';

/**
 * What each message says: every state change queues its e-mails in its own batch (email_outbox),
 * sent in the booking's (or entry's, review's) language, with the stay's .ics when it is approved
 * or confirmed; a booking without an address is texted instead. Queued with the change and sent
 * once: email-outbox-sending.test.ts.
 */
const db = drizzle(env.DB);
const workerEnv = env as unknown as Env;

const stay = stays({ from: 43, every: 3 });
const request = (over: Record<string, unknown> = {}) => bookingRequest({ numberOfGuests: 3, ...over }, stay);

const decodeBase64 = (b64: string) =>
  new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));
const compact = (date: string) => date.replaceAll('-', '');

describe('booking e-mails', () => {
  it('tells a signed-out guest at the address given, in Arabic, right to left, with a plain-text part', async () => {
    const email = uniqueEmail('walkin');
    const { res, body } = await book(request({ email }));
    expect(res.status).toBe(201);
    const rows = await outbox(email);
    expect(rows).toMatchObject([{ kind: 'booking_received', lang: 'ar', entity_id: body.booking.id }]);

    const [mail] = await mailsTo(email, 1);
    const reference = formatBookingReference(body.booking.reference);
    expect(mail!.subject).toContain('استلمنا طلب حجزك');
    expect(mail!.subject).toContain(reference);
    expect(mail!.html).toMatch(/<html[^>]*dir="rtl"/);
    expect(mail!.html).toContain('lang="ar"');
    // Nights, guests and the total through the one formatter (Arabic-Indic digits).
    expect(mail!.text).toContain('ليلتان');
    expect(mail!.text).toContain('٣');
    expect(mail!.text).toMatch(/ر\.ع\./);
    expect(mail!.text).toContain(reference);
    // The standard rate is not named.
    expect(mail!.text).not.toContain('خطة السعر');
    expect(mail!.html).not.toContain('undefined');
    expect((await outbox(email))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    expect(Object.keys(mail!).sort()).toEqual([
      'attachments',
      'createdAt',
      'html',
      'id',
      'subject',
      'text',
      'to',
    ]);

    // Its HTML as a document of its own for the mailbox page's frame: inline styles, nothing else.
    const page = await call(`/api/dev/mailbox/${mail!.id}/html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("style-src 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/(^|; ?)sandbox/);
    expect(await page.text()).toBe(mail!.html);
  });

  it("writes in the booking's language and alerts staff at the address in site settings", async () => {
    const adminCookie = await admin();
    const settings = (await (
      await call('/api/admin/site-settings', { cookie: adminCookie })
    ).json()) as Record<string, unknown>;
    const alertTo = uniqueEmail('desk');
    const { updatedAt: _u, heroMediaId: _h, ...row } = settings;
    const saved = await call('/api/admin/site-settings', {
      method: 'PUT',
      cookie: adminCookie,
      json: { ...row, bookingAlertEmail: alertTo },
    });
    expect(saved.status).toBe(200);
    // Never in the public settings.
    expect(await (await call('/api/site-settings')).json()).not.toHaveProperty('bookingAlertEmail');

    const email = uniqueEmail('english');
    const { body } = await book(request({ email, ratePlan: 'non_refundable' }), { lang: 'en' });
    const [mail] = await mailsTo(email, 1);
    expect(mail!.subject).toMatch(/^We received your booking request/);
    // The plan it was sold on, by its name in the mail's language.
    expect(mail!.text).toMatch(/Rate\W+Non-refundable/);
    // The reference's isolates (U+2066…U+2069) belong to Arabic text only.
    expect(mail!.subject).not.toMatch(/[\u2066\u2069]/);
    expect(mail!.html).toMatch(/<html[^>]*dir="ltr"/);
    expect(mail!.text).toContain('2 nights');

    const [alert] = await mailsTo(alertTo, 1);
    expect(alert!.subject).toContain('طلب حجز جديد');
    expect(alert!.text).toContain(formatBookingReference(body.booking.reference));
    expect(alert!.text).toContain('Khalid Al Balushi');
    expect(alert!.text).toContain('سعر غير قابل للاسترداد');
    // Staff open the back office, not the guest's signed link.
    expect(alert!.text).not.toContain('/booking/');

    await call('/api/admin/site-settings', {
      method: 'PUT',
      cookie: adminCookie,
      json: { ...row, bookingAlertEmail: '' },
    });
  });

  it('sends the approval with the stay as an .ics from check-in to check-out time in Asia/Muscat', async () => {
    const email = uniqueEmail('approved');
    const stay = request({ email });
    const { body } = await book(stay, { lang: 'en' });
    const approved = await setStatus(body.booking.id, 'approved', await staff());
    expect(approved.status).toBe(200);

    const mails = await mailsTo(email, 2);
    const mail = mails.find((m) => m.subject.includes('approved'))!;
    expect(mail.subject).toContain(formatBookingReference(body.booking.reference));
    expect(mail.attachments).toHaveLength(1);
    const [ics] = mail.attachments;
    expect(ics!.filename).toBe(`booking-${formatBookingReference(body.booking.reference)}.ics`);
    expect(ics!.contentType).toMatch(/^text\/calendar/);
    const calendar = decodeBase64(ics!.content);
    // The seed's check-in 14:00 and check-out 12:00, wall-clock times in the hotel's zone.
    expect(calendar).toContain(`DTSTART;TZID=Asia/Muscat:${compact(stay.checkInDate)}T140000`);
    expect(calendar).toContain(`DTEND;TZID=Asia/Muscat:${compact(stay.checkOutDate)}T120000`);
    expect(calendar).toContain('TZID:Asia/Muscat');
    expect(calendar).toContain('TZOFFSETTO:+0400');
    expect(calendar).toContain(formatBookingReference(body.booking.reference));
    expect(calendar).toMatch(/LOCATION:.+/);
  });

  it('gives the reason of a rejection and of a released hold; completes with points and a review link', async () => {
    const staffCookie = await staff();
    const rejectedTo = uniqueEmail('rejected');
    const rejected = await book(request({ email: rejectedTo }));
    await setStatus(rejected.body.booking.id, 'cancelled', staffCookie, 'الغرف محجوزة للصيانة');
    const [rejection] = (await mailsTo(rejectedTo, 2)).filter((m) => m.subject.includes('تعذّر'));
    expect(rejection!.text).toContain('الغرف محجوزة للصيانة');
    expect((await outbox(rejectedTo)).map((r) => r.kind)).toEqual(['booking_received', 'booking_rejected']);

    const expiredTo = uniqueEmail('expired');
    const expiring = await book(request({ email: expiredTo }), { lang: 'en' });
    await mailsTo(expiredTo, 1);
    await expireStalePending(db, 1, Date.now() + 60_000);
    const expired = (await mailsTo(expiredTo, 2))[0]!;
    expect(expired.subject).toContain('expired');
    expect(expired.text).toContain('not confirmed within the hold time');
    expect(expired.text).toContain(formatBookingReference(expiring.body.booking.reference));

    // A signed-in guest who leaves the e-mail empty: at the account's address, points and a review link.
    const guest = await signUp();
    // A stay arriving today: completed from its arrival day.
    const stayed = await book(bookingRequest({ numberOfGuests: 3 }, arrivingToday), {
      cookie: guest.cookie,
      lang: 'en',
    });
    await setStatus(stayed.body.booking.id, 'approved', staffCookie);
    const completed = await call(`/api/booking-submissions/${stayed.body.booking.id}/complete`, {
      method: 'POST',
      cookie: staffCookie,
    });
    expect(completed.status).toBe(200);
    const mails = await mailsTo(guest.email, 4);
    const thanks = mails.find((m) => m.subject.startsWith('Thank you for staying'))!;
    expect(thanks.text).toContain('10 points');
    expect(thanks.html).toContain('/?lang=en#reviews-heading');
    expect(thanks.text).toContain(`View your booking: ${workerEnv.APP_ORIGIN}/booking/`);
    expect((await outbox(guest.email)).map((r) => r.kind)).toEqual([
      'booking_received',
      'booking_approved',
      'booking_completed',
    ]);
  });
});

describe("the booking's page from its e-mails", () => {
  it('links every guest booking e-mail to the booking with a signed link that opens it on any device', async () => {
    const email = uniqueEmail('manage');
    const { body } = await book(request({ email }), { lang: 'en' });
    const { reference } = body.booking;
    await setStatus(body.booking.id, 'approved', await staff());
    const mails = await mailsTo(email, 2);
    for (const mail of mails) {
      expect(mail.text).toContain('Manage your booking: ');
      // The button's link in the HTML (its & written as &amp;).
      const href = /href="([^"]*\/booking\/[^"]*)"/.exec(mail.html)?.[1]?.replaceAll('&amp;', '&');
      expect(href, mail.subject).toBeDefined();
      const url = new URL(href!);
      expect(url.origin).toBe(workerEnv.APP_ORIGIN);
      expect(url.pathname).toBe(`/booking/${reference}`);
      expect(url.searchParams.get('lang')).toBe('en');
      const token = url.searchParams.get('t')!;
      expect(mail.text).toContain(href);
      expect(await verifyBookingLinkToken(reference, token, workerEnv.PASSWORD_PEPPER)).not.toBeNull();
      // The page exchanges it for the booking and a grant of this device, as the web app does.
      const opened = await call('/api/bookings/link', { method: 'POST', json: { reference, token } });
      expect(opened.status).toBe(200);
      const grant = opened.headers
        .getSetCookie()
        .find((c) => c.startsWith('booking_grants='))!
        .split(';')[0];
      expect((await call(`/api/bookings/${reference}`, { cookie: grant })).status).toBe(200);
    }
    // In Arabic too; an ended booking's e-mail shows it rather than offering to manage it.
    const arabic = uniqueEmail('manage-ar');
    const cancelled = await book(request({ email: arabic }));
    await setStatus(cancelled.body.booking.id, 'cancelled', await staff(), 'لا غرف');
    const [rejection, received] = await mailsTo(arabic, 2);
    expect(received!.text).toContain(
      `إدارة حجزك: ${workerEnv.APP_ORIGIN}/booking/${cancelled.body.booking.reference}?t=`,
    );
    expect(rejection!.text).toContain(`عرض حجزك: ${workerEnv.APP_ORIGIN}/booking/`);
  });
});

type PhoneText = { to: string; channel: string; text: string };

/** The text messages "sent" to a phone (the dev outbox), once there are `count`, oldest first. */
async function textsTo(phone: string, count: number): Promise<PhoneText[]> {
  for (const end = Date.now() + 15_000; Date.now() < end;) {
    await deliverEmails(workerEnv, db);
    const texts = (await (await call(`/api/dev/messages?to=${phone}`)).json()) as PhoneText[];
    if (texts.length >= count) return texts.reverse();
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${phone} never received ${count} text messages: ${JSON.stringify(await outbox(phone))}`);
}

describe('a booking without an e-mail address', () => {
  it("texts its reference and the booking's link to its phone, then the hotel's decision", async () => {
    const stay = request({});
    const { res, body } = await book(stay);
    expect(res.status).toBe(201);
    const { reference } = body.booking;
    expect(await outbox(stay.phoneNumber)).toMatchObject([
      { kind: 'booking_received', lang: 'ar', entity_id: body.booking.id },
    ]);
    const [received] = await textsTo(stay.phoneNumber, 1);
    expect(received!.channel).toBe('sms');
    expect(received!.text).toContain('استلمنا طلب حجزك');
    expect(received!.text).toContain(`\u2066${formatBookingReference(reference)}\u2069`);
    // The room and the dates as the app writes them, Arabic-Indic digits.
    expect(received!.text).toContain('الغرفة الذهبية');
    expect(received!.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const link = new URL(/https?:\/\/\S+/.exec(received!.text)![0]);
    expect(link.origin).toBe(workerEnv.APP_ORIGIN);
    expect(link.pathname).toBe(`/booking/${reference}`);
    const opened = await call('/api/bookings/link', {
      method: 'POST',
      json: { reference, token: link.searchParams.get('t') },
    });
    expect(opened.status).toBe(200);
    expect((await outbox(stay.phoneNumber))[0]).toMatchObject({ status: 'sent', attempts: 1 });

    const cookie = await staff();
    expect((await setStatus(body.booking.id, 'approved', cookie)).status).toBe(200);
    const [, approved] = await textsTo(stay.phoneNumber, 2);
    expect(approved!.text).toContain('تمت الموافقة على حجزك');
    expect(approved!.text).toContain(`${workerEnv.APP_ORIGIN}/booking/${reference}?t=`);
  });

  it('a rate that confirms on payment: the text says it is confirmed once paid, not "soon" (Arabic and English)', async () => {
    const stay = request({ ratePlan: 'non_refundable' });
    const { res } = await book(stay);
    expect(res.status).toBe(201);
    const [received] = await textsTo(stay.phoneNumber, 1);
    expect(received!.text).toContain('يُؤكَّد فور دفعه');
    expect(received!.text).not.toContain('سنؤكده قريباً');
    const english = request({ ratePlan: 'non_refundable' });
    await book(english, { lang: 'en' });
    const [text] = await textsTo(english.phoneNumber, 1);
    expect(text!.text).toContain('It is confirmed as soon as it is paid; pay it from its page: ');
    expect(text!.text).not.toContain('We will confirm it soon');
  });

  it('writes in English for an English booking, with the reason when staff turn it down', async () => {
    const stay = request({});
    const { body } = await book(stay, { lang: 'en' });
    await setStatus(body.booking.id, 'cancelled', await staff(), 'No rooms that week');
    const texts = await textsTo(stay.phoneNumber, 2);
    expect(texts[0]!.text).toMatch(/: we received your booking request /);
    expect(texts[0]!.text).toContain(formatBookingReference(body.booking.reference));
    expect(texts[0]!.text).toContain('Gold room');
    // A request staff cancel before approving it is turned down (booking_rejected).
    expect(texts[1]!.text).toContain('we could not accept your booking request');
    expect(texts[1]!.text).toContain('Reason: No rooms that week');
    // The isolates belong to Arabic text only.
    expect(texts.map((t) => t.text).join('')).not.toMatch(/[\u2066\u2069]/);
  });

  it('texts nobody when the booking has an address to write to', async () => {
    const email = uniqueEmail('with-mail');
    const stay = request({ email });
    await book(stay);
    expect((await outbox(stay.phoneNumber)).length).toBe(0);
    expect((await outbox(email)).map((r) => r.kind)).toEqual(['booking_received']);
  });
});

describe("the stay's calendar file", () => {
  it('is given to the device the booking was made on, tentative while it waits, and to nobody else', async () => {
    const stay = request({});
    const made = await call('/api/booking-submissions', {
      method: 'POST',
      json: stay,
      lang: 'en',
      headers: { 'cf-connecting-ip': nextAddress() },
    });
    expect(made.status).toBe(201);
    const { booking } = (await made.json()) as { booking: { id: number; reference: string } };
    const device = made.headers
      .getSetCookie()
      .find((c) => c.startsWith('booking_grants='))!
      .split(';')[0];
    const path = `/api/bookings/${booking.reference}/calendar`;

    const file = await call(path, { cookie: device, lang: 'en' });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="booking-${formatBookingReference(booking.reference)}.ics"`,
    );
    const ics = await file.text();
    expect(ics).toContain('STATUS:TENTATIVE');
    expect(ics).toContain(`DTSTART;TZID=Asia/Muscat:${compact(stay.checkInDate)}T140000`);
    expect(ics).toContain(`DTEND;TZID=Asia/Muscat:${compact(stay.checkOutDate)}T120000`);

    // Another device, a stranger's guess, a malformed reference.
    expect((await call(path)).status).toBe(404);
    expect((await call(path, { cookie: await staff() })).status).toBe(404);
    expect((await call('/api/bookings/not-a-ref/calendar', { cookie: device })).status).toBe(400);

    await setStatus(booking.id, 'approved', await staff());
    expect(await (await call(path, { cookie: device })).text()).toContain('STATUS:CONFIRMED');
    await setStatus(booking.id, 'cancelled', await staff());
    expect(await (await call(path, { cookie: device })).text()).toContain('STATUS:CANCELLED');
  });
});

describe('free nights', () => {
  it('sends the free night with its .ics, in the language of the purchase, to the address given', async () => {
    const guest = await signUp();
    await env.DB.batch([
      env.DB.prepare(
        "insert into point_transactions (user_email, points_earned, kind, reason, reason_ar) values (?, 200, 'adjustment', 'test', 'test')",
      ).bind(guest.email),
      env.DB.prepare('insert into user_points (user_email, total_points) values (?, 200)').bind(guest.email),
    ]);
    const to = uniqueEmail('free-night');
    const { checkInDate } = request();
    const bought = await call('/api/points/free-night', {
      method: 'POST',
      cookie: guest.cookie,
      lang: 'en',
      json: {
        ...request({ email: to, roomType: 'silver' }),
        checkOutDate: addDays(checkInDate, 1),
        checkInDate,
      },
    });
    expect(bought.status).toBe(201);
    const [mail] = await mailsTo(to, 1);
    expect(mail!.subject).toMatch(/^Your free night .+ is booked/);
    expect(mail!.text).toContain('150 points');
    const calendar = decodeBase64(mail!.attachments[0]!.content);
    expect(calendar).toContain(`DTSTART;TZID=Asia/Muscat:${compact(checkInDate)}T140000`);
    expect(calendar).toContain(`DTEND;TZID=Asia/Muscat:${compact(addDays(checkInDate, 1))}T120000`);
    expect(await mailbox(guest.email)).toHaveLength(1); // the verification code only
  });
});

describe('entries and reviews', () => {
  it("tells a signed-in entrant at the account's address, in the entry's language; a review's author when it is approved", async () => {
    const guest = await signUp();
    const entered = await entryCall('/api/location-sharing-submissions', {
      method: 'POST',
      cookie: guest.cookie,
      lang: 'en',
      json: { participantPhone: uniquePhone() },
    });
    expect(entered.status).toBe(201);
    const [received] = await mailsTo(guest.email, 2);
    expect(received!.subject).toMatch(/^We received your entry in the location sharing event/);

    // A photography entry decided by staff (the entry row as the create writes it).
    const entry = await env.DB.prepare(
      "insert into photography_submissions (participant_phone, submission_date, user_id, lang) values (?, ?, (select id from users where email = ?), 'ar') returning id",
    )
      .bind(uniquePhone(), Date.now(), guest.email)
      .first<{ id: number }>();
    const decided = await call(`/api/photography-submissions/${entry!.id}/reject`, {
      method: 'POST',
      cookie: await staff(),
      json: { adminNotes: 'الصور غير واضحة' },
    });
    expect(decided.status).toBe(200);
    const rejection = (await mailsTo(guest.email, 3))[0]!;
    expect(rejection.subject).toContain('لم تُقبل مشاركتك في فعالية التصوير');
    expect(rejection.text).toContain('الصور غير واضحة');

    const review = await call('/api/reviews', {
      method: 'POST',
      cookie: guest.cookie,
      lang: 'en',
      headers: { 'cf-connecting-ip': '203.0.113.77' },
      json: { starRating: 4, name: 'Salim', overallReview: 'Lovely stay' },
    });
    const { id } = (await review.json()) as { id: number };
    const approved = await call(`/api/admin/reviews/${id}`, {
      method: 'PATCH',
      cookie: await staff(),
      json: { isApproved: true },
    });
    expect(approved.status).toBe(200);
    const published = (await mailsTo(guest.email, 4))[0]!;
    expect(published.subject).toMatch(/^Your review is published/);
    expect(published.text).toContain('★★★★☆ (4 of 5)');
  });
});

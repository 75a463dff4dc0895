import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { cleanUp, IDEMPOTENCY_TTL } from '../../cleanup';
import { bookingLinkToken } from '../bookings/booking-grants';
import {
  arrivingToday,
  book as bookThrough,
  json,
  setBookingStatus,
  staffCookie as staff,
  stays,
  uniquePhone,
  count,
} from '@worker-test/builders';
import { call, latestPhoneCode, logIn, proofCookie, signUp, someAddress } from '@worker-test/helpers';

/**
 * A guest's own data (modules/privacy/account-data.ts): the export holds the account's
 * data and nobody else's, with no secret; erasure ends the sessions, removes the account and
 * what has no figure value, keeps bookings, points, reviews and entries only anonymised, and
 * leaves the hotel's figures (rollups, integrity check) as they were.
 */

type ErrorJson = { error: { code: string; message: string } };

const stay = stays({ from: 504, every: 4 });
const book = async (cookie: string, fields: { fullName: string; phoneNumber: string; idNumber: string }) =>
  (await bookThrough(fields, { cookie, stay })).id;
const patchStatus = (id: number, status: string) => setBookingStatus(id, status);

/**
 * A guest with a full history through the API: a completed stay (points earned), a cancelled
 * request, a review, a verified phone and a location entry made while signed in, a notification
 * (the staff's decisions), and a push subscription (written as the push route would).
 */
async function guestWithHistory(name: string) {
  const guest = await signUp(name);
  const phone = uniquePhone();
  const idNumber = String(10_000_000 + Math.floor(Math.random() * 1e7));
  const person = { fullName: name, phoneNumber: phone, idNumber };
  // A stay arriving today, completed (a stay is completed from its arrival day).
  const completed = (await bookThrough(person, { cookie: guest.cookie, stay: arrivingToday })).id;
  await patchStatus(completed, 'approved');
  await patchStatus(completed, 'confirmed');
  const done = await call(`/api/booking-submissions/${completed}/complete`, {
    method: 'POST',
    cookie: await staff(),
  });
  expect(done.status).toBe(200);
  const cancelled = await book(guest.cookie, person);
  await patchStatus(cancelled, 'cancelled');

  const review = await call('/api/reviews', {
    method: 'POST',
    cookie: guest.cookie,
    headers: { 'cf-connecting-ip': someAddress(), 'x-device-id': crypto.randomUUID() },
    json: { starRating: 4, name, phoneNumber: phone, overallReview: `Stay of ${name}` },
  });
  expect(review.status).toBe(201);

  const address = someAddress();
  const sent = await call('/api/phone-verification/request', {
    method: 'POST',
    json: { phoneNumber: phone },
    headers: { 'cf-connecting-ip': address },
  });
  expect(sent.status).toBe(200);
  const verified = await call('/api/phone-verification/verify', {
    method: 'POST',
    cookie: guest.cookie,
    headers: { 'cf-connecting-ip': address },
    json: { phoneNumber: phone, verificationCode: await latestPhoneCode(phone) },
  });
  expect(verified.status).toBe(200);
  const entry = await call('/api/location-sharing-submissions', {
    method: 'POST',
    cookie: `${guest.cookie}; ${proofCookie(verified)}`,
    json: { participantPhone: phone },
  });
  expect(entry.status).toBe(201);

  const { id: userId } = (await env.DB.prepare('select id from users where email = ?')
    .bind(guest.email)
    .first<{ id: number }>())!;
  await env.DB.prepare(
    `insert into push_subscriptions (endpoint, p256dh, auth, user_id, role, lang)
     values (?, 'BPUBLICKEYSECRET', 'AUTHSECRET', ?, 'guest', 'en')`,
  )
    .bind(`https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`, userId)
    .run();
  return { ...guest, ...person, userId, bookingIds: [completed, cancelled] };
}

function exportOf(cookie: string) {
  return call('/api/account/export', { cookie });
}

function erase(cookie: string, body: unknown, lang: 'ar' | 'en' = 'en') {
  return call('/api/account', { method: 'DELETE', cookie, json: body, lang });
}

/** Every statistics rollup, as stored. */
async function rollups() {
  const tables = [
    'rollup_nights',
    'rollup_months',
    'rollup_booking_days',
    'rollup_bookings',
    'rollup_reviews',
    'rollup_counts',
  ];
  const results = await env.DB.batch(tables.map((t) => env.DB.prepare(`select * from ${t} order by 1, 2`)));
  return Object.fromEntries(tables.map((t, i) => [t, results[i]!.results]));
}

/** The admin's integrity check run now: its violations. */
async function integrityViolations() {
  const admin = (await logIn('admin@example.com', 'change-me-admin')).cookie;
  const res = await call('/api/admin/integrity/run', { method: 'POST', cookie: admin });
  expect(res.status).toBe(200);
  return (await json<{ report: { violations: unknown[] } }>(res)).report.violations;
}

describe('GET /api/account/export', () => {
  it("answers the account's own data as a download, no secrets, and never another guest's", async () => {
    const [mine, other] = await Promise.all([
      guestWithHistory('Export Owner'),
      guestWithHistory('Export Other'),
    ]);
    const res = await exportOf(mine.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    const data = JSON.parse(text) as {
      account: Record<string, unknown>;
      bookings: { id: number; fullName: string; idNumber: string }[];
      points: { balance: number; ledger: { pointsEarned: number }[] };
      reviews: { overallReview: string }[];
      entries: { locationSharing: { participantPhone: string }[] };
      notifications: unknown[];
      pushSubscriptions: Record<string, unknown>[];
      verifiedPhones: { phoneNumber: string }[];
      sessions: { current: boolean }[];
    };
    expect(data.account).toMatchObject({ email: mine.email, fullName: 'Export Owner', hasPassword: true });
    expect(data.bookings.map((b) => b.id).sort()).toEqual([...mine.bookingIds].sort());
    expect(data.bookings[0]).toMatchObject({ fullName: 'Export Owner', idNumber: mine.idNumber });
    expect(data.points.balance).toBeGreaterThan(0);
    expect(data.points.ledger.reduce((s, t) => s + t.pointsEarned, 0)).toBe(data.points.balance);
    expect(data.reviews.map((r) => r.overallReview)).toEqual(['Stay of Export Owner']);
    expect(data.entries.locationSharing.map((e) => e.participantPhone)).toEqual([mine.phoneNumber]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.pushSubscriptions).toHaveLength(1);
    expect(Object.keys(data.pushSubscriptions[0]!).sort()).toEqual([
      'createdAt',
      'endpoint',
      'lang',
      'lastSuccessAt',
    ]);
    expect(data.verifiedPhones.map((p) => p.phoneNumber)).toEqual([mine.phoneNumber]);
    expect(data.sessions.filter((s) => s.current)).toHaveLength(1);

    // Nothing of the other guest, and no secret of anyone.
    for (const theirs of [other.email, other.phoneNumber, other.idNumber, 'Export Other']) {
      expect(text).not.toContain(theirs);
    }
    const token = mine.cookie.split('=')[1]!;
    for (const secret of [
      'pbkdf2',
      'BPUBLICKEYSECRET',
      'AUTHSECRET',
      token,
      'passwordHash',
      'idHash',
      'changeToken',
      'clientHash',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('is refused signed out', async () => {
    const res = await call('/api/account/export');
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/account', () => {
  it('anonymises bookings, points, reviews and entries, deletes the rest, ends the sessions; the figures stay', async () => {
    const guest = await guestWithHistory('Erase Me');
    const bystander = await guestWithHistory('Erase Bystander');
    const second = await logIn(guest.email, guest.password);
    const violationsBefore = await integrityViolations();
    const before = await rollups();
    const ledgerBefore = await env.DB.prepare(
      `select coalesce(sum(points_earned), 0) as ledger, count(*) as rows,
         (select total_points from user_points where user_email = ?1) as balance
       from point_transactions where user_email = ?1`,
    )
      .bind(guest.email)
      .first<{ ledger: number; rows: number; balance: number }>();
    expect(ledgerBefore!.ledger).toBeGreaterThan(0);

    // A staff audit line that copied the booking's details (as an edit's before/after does).
    const copied = JSON.stringify({
      fullName: 'Erase Me',
      phoneNumber: guest.phoneNumber,
      idNumber: guest.idNumber,
      userEmail: guest.email,
      specialRequests: 'A quiet room for Erase Me',
      status: 'approved',
    });
    await env.DB.prepare(
      `insert into audit_log (action, entity_type, entity_id, before, after) values ('booking.edit', 'booking', ?, ?, ?)`,
    )
      .bind(String(guest.bookingIds[0]), copied, copied)
      .run();

    const wrong = await erase(guest.cookie, { password: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect((await json<ErrorJson>(wrong)).error).toMatchObject({ code: 'erase_password_wrong' });
    expect((await call('/api/auth/me', { cookie: guest.cookie })).status).toBe(200);

    const res = await erase(guest.cookie, { password: guest.password });
    expect(res.status).toBe(200);
    expect((await json<{ message: string }>(res)).message).toMatch(/deleted/);
    const cleared = res.headers.getSetCookie();
    expect(cleared.some((c) => /^session=;/.test(c))).toBe(true);

    // Every session ended (this one and the other sign-in), and the account cannot sign in.
    expect((await call('/api/auth/me', { cookie: guest.cookie })).status).toBe(401);
    expect((await call('/api/auth/me', { cookie: second.cookie })).status).toBe(401);
    expect((await exportOf(guest.cookie)).status).toBe(401);
    expect((await logIn(guest.email, guest.password)).res.status).toBe(401);

    expect(await count('select count(*) as n from users where id = ?', guest.userId)).toBe(0);
    for (const table of ['sessions', 'notifications', 'push_subscriptions', 'user_phones', 'email_codes']) {
      expect(await count(`select count(*) as n from ${table} where user_id = ?`, guest.userId), table).toBe(
        0,
      );
    }
    expect(
      await count(
        'select count(*) as n from phone_verification_requests where phone_number = ?',
        guest.phoneNumber,
      ),
    ).toBe(0);
    expect(await count('select count(*) as n from email_outbox where recipient = ?', guest.email)).toBe(0);

    // The bookings are there, with their figures, naming nobody.
    const bookings = await env.DB.prepare(
      `select id, user_id, full_name, phone_number, id_number, user_email, email, device_id, status, total_price
       from booking_submissions where id in (?, ?) order by id`,
    )
      .bind(...guest.bookingIds)
      .all();
    expect(bookings.results).toHaveLength(2);
    for (const b of bookings.results) {
      expect(b).toMatchObject({
        user_id: null,
        full_name: '—',
        phone_number: '—',
        id_number: '—',
        user_email: null,
        email: null,
        device_id: null,
      });
      expect(b.total_price).toBeGreaterThan(0);
    }
    expect(bookings.results.map((b) => b.status)).toEqual(['completed', 'cancelled']);
    // (D1 allows few terms in a compound select: two queries.)
    for (const query of [
      `select 'b' from booking_submissions where full_name = ?1 or phone_number = ?2 or id_number = ?3 or user_email = ?4 or email = ?4
       union all select 'r' from reviews where name = ?1 or phone_number = ?2
       union all select 'e' from location_sharing_submissions where participant_phone = ?2`,
      `select 'm' from monthly_participations where participant_phone = ?2
       union all select 'p' from point_transactions where user_email = ?4
       union all select 'u' from user_points where user_email = ?4 and ?1 = ?1 and ?3 = ?3`,
    ]) {
      const leftovers = await env.DB.prepare(query)
        .bind('Erase Me', guest.phoneNumber, guest.idNumber, guest.email)
        .all();
      expect(leftovers.results, query).toEqual([]);
    }
    expect(
      await count(
        `select count(*) as n from reviews where overall_review = 'Stay of Erase Me' and user_id is null`,
      ),
    ).toBe(1);
    expect(
      await count(
        `select count(*) as n from location_sharing_submissions where participant_phone = '—' and user_id is null`,
      ),
    ).toBeGreaterThanOrEqual(1);

    // The points stay, under a mark that names nobody, the balance still its ledger's sum.
    const kept = await env.DB.prepare(
      `select p.user_email as mark, p.total_points as balance,
         (select sum(points_earned) from point_transactions t where t.user_email = p.user_email) as ledger,
         (select count(*) from point_transactions t where t.user_email = p.user_email) as rows
       from user_points p join point_transactions t on t.user_email = p.user_email
       where t.booking_id = ?`,
    )
      .bind(guest.bookingIds[0])
      .first<{ mark: string; balance: number; ledger: number; rows: number }>();
    expect(kept!.mark).toMatch(/^erased:/);
    expect(kept).toMatchObject({
      balance: ledgerBefore!.balance,
      ledger: ledgerBefore!.ledger,
      rows: ledgerBefore!.rows,
    });

    // The statistics and the integrity check agree with themselves as before: only the count of
    // registered guests is one less.
    const after = await rollups();
    const registered = (r: typeof before) =>
      (r.rollup_counts as { name: string; value: number }[]).find((c) => c.name === 'registered_users')!
        .value;
    expect(registered(after)).toBe(registered(before) - 1);
    expect({ ...after, rollup_counts: null }).toEqual({ ...before, rollup_counts: null });
    expect(await integrityViolations()).toEqual(violationsBefore);

    // One audit line, naming nobody.
    const audit = await env.DB.prepare(
      `select actor_user_id, actor_email, before, after from audit_log where action = 'account.erase' and entity_id = ?`,
    )
      .bind(String(guest.userId))
      .all<Record<string, string | null>>();
    expect(audit.results).toHaveLength(1);
    const line = JSON.stringify(audit.results[0]);
    for (const personal of [guest.email, 'Erase Me', guest.phoneNumber, guest.idNumber])
      expect(line).not.toContain(personal);
    expect(JSON.parse(audit.results[0]!.after!)).toMatchObject({ bookings: 2, reviews: 1, entries: 1 });
    // The booking's own audit lines keep what happened, not who.
    const bookingLines = await env.DB.prepare(
      `select action, before, after from audit_log where entity_type = 'booking' and entity_id in (?, ?)`,
    )
      .bind(...guest.bookingIds.map(String))
      .all<Record<string, string | null>>();
    const edit = bookingLines.results.find((l) => l.action === 'booking.edit');
    expect(JSON.parse(edit!.before!)).toEqual({
      fullName: '—',
      phoneNumber: '—',
      idNumber: '—',
      userEmail: null,
      specialRequests: null,
      status: 'approved',
    });
    for (const personal of [guest.email, 'Erase Me', guest.phoneNumber, guest.idNumber])
      expect(JSON.stringify(bookingLines.results)).not.toContain(personal);

    // The bystander keeps everything.
    const theirs = await json<{ bookings: unknown[]; account: { email: string } }>(
      await exportOf(bystander.cookie),
    );
    expect(theirs.account.email).toBe(bystander.email);
    expect(theirs.bookings).toHaveLength(2);
  });

  it('exports and then erases what online check-in and stay requests hold, and ends the links and grants to the bookings', async () => {
    const guest = await guestWithHistory('Erase Check In');
    const [completed] = guest.bookingIds as [number, number];
    const { reference, check_out_date: checkOutDate } = (await env.DB.prepare(
      'select reference, check_out_date from booking_submissions where id = ?',
    )
      .bind(completed)
      .first<{ reference: string; check_out_date: string }>())!;
    // What the guest told the hotel at online check-in, the ID photo kept for the desk, and a
    // request made during the stay with the staff's answer.
    const photoKey = `id-documents/${crypto.randomUUID()}.jpg`;
    await env.IMAGES.put(photoKey, new Uint8Array([0xff, 0xd8, 0xff, 0xd9]));
    await env.DB.prepare(
      `update booking_submissions set check_in_requests = 'A cot for Erase Check In', check_in_arrival_time = '15:30',
         id_document_key = ?, id_document_type = 'image/jpeg', id_document_uploaded_at = 1 where id = ?`,
    )
      .bind(photoKey, completed)
      .run();
    await env.DB.prepare(
      `insert into stay_requests (booking_id, type, note, status, staff_note, created_at, updated_at)
       values (?, 'other', 'Call Erase Check In at 7', 'done', 'Called Erase Check In', 1, 1)`,
    )
      .bind(completed)
      .run();
    const token = await bookingLinkToken(reference, checkOutDate, env.PASSWORD_PEPPER);
    const opened = await call('/api/bookings/link', { method: 'POST', json: { reference, token } });
    expect(opened.status).toBe(200);
    const grant = opened.headers
      .getSetCookie()
      .find((c) => c.startsWith('booking_grants='))!
      .split(';')[0]!;

    const exported = await json<{
      bookings: {
        id: number;
        checkInRequests: string | null;
        checkInArrivalTime: string;
        hasIdDocument: boolean;
      }[];
      stayRequests: { bookingId: number; note: string; staffNote: string }[];
    }>(await exportOf(guest.cookie));
    expect(exported.bookings.find((b) => b.id === completed)).toMatchObject({
      checkInRequests: 'A cot for Erase Check In',
      checkInArrivalTime: '15:30',
      hasIdDocument: true,
    });
    expect(exported.stayRequests).toEqual([
      expect.objectContaining({
        bookingId: completed,
        note: 'Call Erase Check In at 7',
        staffNote: 'Called Erase Check In',
      }),
    ]);

    expect((await erase(guest.cookie, { password: guest.password })).status).toBe(200);

    const row = (await env.DB.prepare(
      `select check_in_requests, id_document_key, id_document_type, id_data_purged_at from booking_submissions where id = ?`,
    )
      .bind(completed)
      .first())!;
    expect(row).toMatchObject({ check_in_requests: null, id_document_key: null, id_document_type: null });
    expect(row.id_data_purged_at).toBeGreaterThan(0);
    const request = (await env.DB.prepare(
      'select type, status, note, staff_note from stay_requests where booking_id = ?',
    )
      .bind(completed)
      .first())!;
    expect(request).toEqual({ type: 'other', status: 'done', note: null, staff_note: null });
    // The photo's object goes once the batch has committed.
    await expect.poll(() => env.IMAGES.head(photoKey), { timeout: 5000 }).toBeNull();
    // The e-mail's link and the device's grant open the booking no more.
    const again = await call('/api/bookings/link', { method: 'POST', json: { reference, token } });
    expect(again.status).toBe(404);
    expect((await json<ErrorJson>(again)).error.code).toBe('booking_link_invalid');
    expect((await call(`/api/bookings/${reference}`, { cookie: grant })).status).toBe(404);
  });

  it('is refused while a booking still holds a room, for staff, and signed out; nothing changes', async () => {
    const guest = await signUp('Erase Live');
    await book(guest.cookie, { fullName: 'Erase Live', phoneNumber: uniquePhone(), idNumber: '12345678' });
    const live = await erase(guest.cookie, { password: guest.password }, 'ar');
    expect(live.status).toBe(409);
    const body = await json<ErrorJson>(live);
    expect(body.error.code).toBe('erase_live_bookings');
    expect(body.error.message).toMatch(/[\u0600-\u06ff]/);
    expect((await call('/api/auth/me', { cookie: guest.cookie })).status).toBe(200);
    expect(
      await env.DB.prepare(`select count(*) as n from users where email = ?`).bind(guest.email).first(),
    ).toEqual({ n: 1 });

    const staffRes = await erase(await staff(), { password: 'change-me-staff' });
    expect(staffRes.status).toBe(403);
    expect((await json<ErrorJson>(staffRes)).error.code).toBe('erase_staff_account');
    const admin = (await logIn('admin@example.com', 'change-me-admin')).cookie;
    expect((await erase(admin, { password: 'change-me-admin' })).status).toBe(403);

    expect((await call('/api/account', { method: 'DELETE', json: { password: 'x' } })).status).toBe(401);
  });

  it('a Google-only account (no password) confirms with its own e-mail typed', async () => {
    const guest = await signUp('Erase Google');
    await env.DB.prepare(`update users set password_hash = null, google_sub = ? where email = ?`)
      .bind(`sub-${crypto.randomUUID()}`, guest.email)
      .run();
    expect(await json(await call('/api/account', { cookie: guest.cookie }))).toEqual({ erasure: 'email' });
    const withPassword = await erase(guest.cookie, { password: guest.password });
    expect(withPassword.status).toBe(403);
    expect((await json<ErrorJson>(withPassword)).error.code).toBe('erase_email_wrong');
    expect((await erase(guest.cookie, { confirmEmail: 'someone@example.com' })).status).toBe(403);
    const ok = await erase(guest.cookie, { confirmEmail: guest.email.toUpperCase() });
    expect(ok.status).toBe(200);
    expect((await call('/api/auth/me', { cookie: guest.cookie })).status).toBe(401);
  });

  it('two erasures at once: one erases, the other is a 4xx, never a 500; one audit line', async () => {
    const guest = await signUp('Erase Race');
    const other = await logIn(guest.email, guest.password);
    const { id } = (await env.DB.prepare('select id from users where email = ?')
      .bind(guest.email)
      .first<{ id: number }>())!;
    const answers = await Promise.all([
      erase(guest.cookie, { password: guest.password }),
      erase(other.cookie, { password: guest.password }),
      erase(guest.cookie, { password: guest.password }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const s of statuses) expect([200, 401]).toContain(s);
    expect(
      await env.DB.prepare(
        `select count(*) as n from audit_log where action = 'account.erase' and entity_id = ?`,
      )
        .bind(String(id))
        .first(),
    ).toEqual({ n: 1 });
  });

  it('malformed bodies are 400, and wrong passwords are throttled like logins (429)', async () => {
    const guest = await signUp('Erase Malformed');
    const raw = (body: string | undefined, type = 'application/json') =>
      call('/api/account', {
        method: 'DELETE',
        cookie: guest.cookie,
        body,
        headers: { 'content-type': type },
      });
    for (const res of [
      await raw('{"password": '),
      await raw(''),
      await raw('[]'),
      await raw('{}'),
      await raw(JSON.stringify({ password: 12345678 })),
      await raw(JSON.stringify({ password: '' })),
      await raw(JSON.stringify({ password: 'x'.repeat(129) })),
      await raw(JSON.stringify({ confirmEmail: 'not an e-mail' })),
    ]) {
      expect(res.status).toBe(400);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await erase(guest.cookie, { password: `wrong-${i}` })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses[10]).toBe(429);
    // Even the right password waits out the window: a guessed session cannot try on and on.
    const right = await erase(guest.cookie, { password: guest.password });
    expect(right.status).toBe(429);
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await call('/api/auth/me', { cookie: guest.cookie })).status).toBe(200);
  });
});

describe('the e-mail outbox is kept briefly (the privacy page says so)', () => {
  it('the daily clean-up deletes e-mails sent or given up after 30 days, never one still to send', async () => {
    const now = Date.now();
    const old = now - IDEMPOTENCY_TTL - 60_000;
    const recipient = `outbox-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await env.DB.prepare(
      `insert into email_outbox (kind, recipient, entity_type, entity_id, status, next_attempt_at, created_at, updated_at)
       values ('booking_approved', ?1, 'booking', 1, 'sent', ?2, ?2, ?2), ('booking_approved', ?1, 'booking', 2, 'failed', ?2, ?2, ?2),
         ('booking_approved', ?1, 'booking', 3, 'queued', ?2, ?2, ?2), ('booking_approved', ?1, 'booking', 4, 'sent', ?3, ?3, ?3)`,
    )
      .bind(recipient, old, now)
      .run();
    await cleanUp(env, now);
    const left = await env.DB.prepare(
      `select entity_id from email_outbox where recipient = ? order by entity_id`,
    )
      .bind(recipient)
      .all<{ entity_id: number }>();
    expect(left.results.map((r) => r.entity_id)).toEqual([3, 4]);
  });
});

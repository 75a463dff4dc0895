import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { pushMessageOf } from '../messaging/push-messages';
import { book, grantCookie, json, setBookingStatus } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * In-stay requests: only a booking's owner (account or device grant), only
 * in house (checked in, not checked out); the staff's alert and push in the request's batch; the
 * staff's answers (in progress, done, declined: final), the guest's notice, the audit line, and a
 * late check-out done moving the booking's departure time (declined leaving it).
 */

type Req = {
  id: number;
  bookingId: number;
  type: string;
  note: string | null;
  requestedTime: string | null;
  status: string;
  staffNote: string | null;
  createdAt: string;
};
type Queued = Req & { roomNumber: string | null; guestName: string; reference: string };

let staff = '';
let staffId = 0;
let admin = '';
beforeAll(async () => {
  staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
  admin = (await logIn('admin@example.com', 'change-me-admin')).cookie;
  staffId = (await env.DB.prepare("select id from users where email = 'staff@example.com'").first<{
    id: number;
  }>())!.id;
});

let room = 0;
/** A booking arriving today, approved by staff; `cookie` makes it the account's. */
async function approvedBooking(cookie?: string) {
  const checkInDate = hotelToday();
  const booking = await book(
    {
      fullName: 'Aisha Al Balushi',
      idNumber: 'AB12345678',
      checkInDate,
      checkOutDate: addDays(checkInDate, 2),
    },
    { cookie },
  );
  await setBookingStatus(booking.id, 'approved', { cookie: staff });
  return booking;
}

/** Puts the booking in a gold room (the desk's PUT …/room) and checks it in (SQL: the desk's check-in is another branch's). */
async function checkIn(id: number) {
  room += 1;
  const number = String(300 + room);
  const hotelRoom = await env.DB.prepare('select id from hotel_rooms where number = ?')
    .bind(number)
    .first<{ id: number }>();
  const assigned = await call(`/api/booking-submissions/${id}/room`, {
    method: 'PUT',
    cookie: staff,
    json: { roomId: hotelRoom!.id },
  });
  expect(assigned.status, await assigned.clone().text()).toBe(200);
  await env.DB.prepare('update booking_submissions set checked_in_at = ?, checked_in_by = ? where id = ?')
    .bind(Date.now(), staffId, id)
    .run();
  return number;
}
const checkOut = (id: number) =>
  env.DB.prepare(
    "update booking_submissions set status = 'completed', checked_out_at = ?, checked_out_by = ? where id = ?",
  )
    .bind(Date.now(), staffId, id)
    .run();

const ask = (body: unknown, cookie?: string, lang: 'ar' | 'en' = 'en', headers?: HeadersInit) =>
  call('/api/stay-requests', { method: 'POST', json: body, cookie, lang, headers });
const mine = (bookingId: number, cookie?: string) =>
  call(`/api/stay-requests/mine?bookingId=${bookingId}`, { cookie });
const answer = (id: number, body: unknown, cookie = staff, lang: 'ar' | 'en' = 'en') =>
  call(`/api/admin/stay-requests/${id}`, { method: 'PATCH', json: body, cookie, lang });
const queue = async () =>
  json<{ open: Queued[]; done: Queued[] }>(await call('/api/admin/stay-requests', { cookie: staff }));
const errorOf = async (res: Response) =>
  (await json<{ error: { code: string; message: string } }>(res)).error;

describe('who may ask, and when', () => {
  it('only in house: before check-in 409, checked in 201, after check-out 409 (ar message)', async () => {
    const guest = await signUp();
    const b = await approvedBooking(guest.cookie);
    const before = await ask({ bookingId: b.id, type: 'towels' }, guest.cookie, 'ar');
    expect(before.status).toBe(409);
    const err = await errorOf(before);
    expect(err.code).toBe('not_in_house');
    expect(err.message).toMatch(/الإقامة/);

    await checkIn(b.id);
    const made = await ask({ bookingId: b.id, type: 'towels', note: '  two more please ' }, guest.cookie);
    expect(made.status).toBe(201);
    const { request } = await json<{ request: Req }>(made);
    expect(request).toMatchObject({
      bookingId: b.id,
      type: 'towels',
      note: 'two more please',
      status: 'new',
    });

    await checkOut(b.id);
    const after = await ask({ bookingId: b.id, type: 'towels' }, guest.cookie);
    expect(after.status).toBe(409);
    expect((await errorOf(after)).code).toBe('not_in_house');
    // Their list still shows what they asked, and says they are no longer in house.
    const list = await json<{ inHouse: boolean; requests: Req[] }>(await mine(b.id, guest.cookie));
    expect(list.inHouse).toBe(false);
    expect(list.requests.map((r) => r.id)).toEqual([request.id]);
  });

  it('the owner only: a device grant may, another guest, another grant and nobody get 404', async () => {
    const b = await approvedBooking();
    const other = await approvedBooking();
    await checkIn(b.id);
    await checkIn(other.id);
    const stranger = await signUp();
    expect((await ask({ bookingId: b.id, type: 'cleaning' })).status).toBe(404);
    expect((await ask({ bookingId: b.id, type: 'cleaning' }, stranger.cookie)).status).toBe(404);
    expect((await ask({ bookingId: b.id, type: 'cleaning' }, await grantCookie(other))).status).toBe(404);
    expect((await mine(b.id, await grantCookie(other))).status).toBe(404);
    // Staff are not the booking's owner either: they act through the desk's routes.
    expect((await ask({ bookingId: b.id, type: 'cleaning' }, staff)).status).toBe(404);

    const grant = await grantCookie(other, b);
    const res = await ask({ bookingId: b.id, type: 'cleaning' }, grant);
    expect(res.status).toBe(201);
    const list = await json<{ inHouse: boolean; requests: Req[] }>(await mine(b.id, grant));
    expect(list.inHouse).toBe(true);
    expect(list.requests[0]!.type).toBe('cleaning');
  });

  it('bad bodies are 400 with a field code, never 500; a huge body 413', async () => {
    const b = await approvedBooking();
    await checkIn(b.id);
    const cookie = await grantCookie(b);
    const fieldOf = async (body: unknown) => {
      const res = await ask(body, cookie);
      expect(res.status).toBe(400);
      return Object.keys((await json<{ error: { fields: Record<string, string> } }>(res)).error.fields);
    };
    expect(await fieldOf({ bookingId: b.id, type: 'pizza' })).toEqual(['type']);
    expect(await fieldOf({ bookingId: b.id, type: 'other' })).toEqual(['note']);
    expect(await fieldOf({ bookingId: b.id, type: 'late_checkout' })).toEqual(['requestedTime']);
    expect(await fieldOf({ bookingId: b.id, type: 'late_checkout', requestedTime: '25:00' })).toEqual([
      'requestedTime',
    ]);
    expect(await fieldOf({ bookingId: b.id, type: 'towels', note: 'x'.repeat(501) })).toEqual(['note']);
    expect(await fieldOf({ bookingId: 'x', type: 'towels' })).toEqual(['bookingId']);
    expect((await ask({ bookingId: b.id, type: 'towels', note: 'x'.repeat(200_000) }, cookie)).status).toBe(
      413,
    );
    expect((await mine(Number.NaN, cookie)).status).toBe(400);
    // Arabic-Indic digits in the time are read.
    const late = await ask({ bookingId: b.id, type: 'late_checkout', requestedTime: '١٣:٣٠' }, cookie);
    expect(late.status).toBe(201);
    expect((await json<{ request: Req }>(late)).request.requestedTime).toBe('13:30');
  });

  it('at most 20 open requests per booking (429), and a double tap with one Idempotency-Key is one request', async () => {
    const b = await approvedBooking();
    await checkIn(b.id);
    const cookie = await grantCookie(b);
    const key = crypto.randomUUID();
    const body = { bookingId: b.id, type: 'towels' };
    const [first, second] = await Promise.all([
      ask(body, cookie, 'en', { 'idempotency-key': key }),
      ask(body, cookie, 'en', { 'idempotency-key': key }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const a = (await json<{ request: Req }>(first)).request;
    const c = (await json<{ request: Req }>(second)).request;
    expect(a.id).toBe(c.id);
    expect((await json<{ requests: Req[] }>(await mine(b.id, cookie))).requests).toHaveLength(1);
    const alerts = await env.DB.prepare(
      "select count(*) as n from staff_alerts where kind = 'stay_request' and booking_id = ?",
    )
      .bind(b.id)
      .first<{ n: number }>();
    expect(alerts!.n).toBe(1);

    for (let i = 1; i < 20; i++) expect((await ask(body, cookie)).status).toBe(201);
    const flood = await ask(body, cookie);
    expect(flood.status).toBe(429);
    expect((await errorOf(flood)).code).toBe('too_many_stay_requests');
    // One done frees a place.
    expect((await answer(a.id, { status: 'done' })).status).toBe(200);
    expect((await ask(body, cookie)).status).toBe(201);
  });
});

describe("the staff's alert and push", () => {
  it('the request, its staff alert and a push to every staff subscription are written together', async () => {
    const endpoint = `http://127.0.0.1:9/push/${crypto.randomUUID()}`;
    await env.DB.prepare(
      "insert into push_subscriptions (endpoint, p256dh, auth, user_id, role, lang) values (?, 'k', 'a', ?, 'staff', 'ar')",
    )
      .bind(endpoint, staffId)
      .run();
    const b = await approvedBooking();
    const number = await checkIn(b.id);
    const res = await ask(
      { bookingId: b.id, type: 'late_checkout', requestedTime: '13:00' },
      await grantCookie(b),
    );
    expect(res.status).toBe(201);
    const { request } = await json<{ request: Req }>(res);
    const alert = await env.DB.prepare(
      'select kind, booking_id, stay_request_id from staff_alerts where stay_request_id = ?',
    )
      .bind(request.id)
      .first();
    expect(alert).toEqual({ kind: 'stay_request', booking_id: b.id, stay_request_id: request.id });
    const push = await env.DB.prepare(
      `select o.* from push_outbox o join push_subscriptions s on s.id = o.subscription_id
       where s.endpoint = ? and o.kind = 'stay_request_received'`,
    )
      .bind(endpoint)
      .first<Record<string, unknown>>();
    expect(push).toMatchObject({ subject_id: request.id });
    const row = { ...push, details: JSON.parse(push!.details as string), subjectId: request.id } as never;
    const ar = pushMessageOf(
      { ...(row as object), kind: 'stay_request_received', reference: push!.reference } as never,
      'ar',
    );
    const en = pushMessageOf(
      { ...(row as object), kind: 'stay_request_received', reference: push!.reference } as never,
      'en',
    );
    expect(en.title.replace(/[\u2066-\u2069]/g, '')).toBe('Guest request: Late check-out until 13:00');
    expect(en.body).toContain(number);
    expect(en.url).toBe('/admin/stay-requests');
    expect(ar.title).toContain('مغادرة متأخرة');
    expect(ar.title).toContain('١:٠٠ م');
    // The room's number in the digits of the text around it (shared/src/room-number.ts).
    const arabicDigits = number.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    expect(ar.body).toContain(`الغرفة \u2066${arabicDigits}\u2069`);
    // A refused request (not in house) writes no alert.
    await checkOut(b.id);
    const before = await env.DB.prepare(
      "select count(*) as n from staff_alerts where kind = 'stay_request'",
    ).first<{ n: number }>();
    expect((await ask({ bookingId: b.id, type: 'towels' }, await grantCookie(b))).status).toBe(409);
    const after = await env.DB.prepare(
      "select count(*) as n from staff_alerts where kind = 'stay_request'",
    ).first<{ n: number }>();
    expect(after!.n).toBe(before!.n);
  });
});

describe("the staff's queue and answers", () => {
  it('staff only: a guest 403, signed out 401; the queue lists the room, guest and type, oldest first', async () => {
    const guest = await signUp();
    expect((await call('/api/admin/stay-requests', { cookie: guest.cookie })).status).toBe(403);
    expect((await call('/api/admin/stay-requests')).status).toBe(401);
    expect((await answer(1, { status: 'done' }, guest.cookie)).status).toBe(403);
    expect((await answer(1, { status: 'done' }, '')).status).toBe(401);

    const b = await approvedBooking(guest.cookie);
    const number = await checkIn(b.id);
    const r1 = (
      await json<{ request: Req }>(
        await ask({ bookingId: b.id, type: 'maintenance', note: 'AC' }, guest.cookie),
      )
    ).request;
    const r2 = (await json<{ request: Req }>(await ask({ bookingId: b.id, type: 'towels' }, guest.cookie)))
      .request;
    const list = await call('/api/admin/stay-requests', { cookie: admin });
    expect(list.status).toBe(200);
    const { open } = await json<{ open: Queued[] }>(list);
    const ids = open.map((r) => r.id);
    expect(ids.indexOf(r1.id)).toBeLessThan(ids.indexOf(r2.id));
    expect(open.find((r) => r.id === r1.id)).toMatchObject({
      roomNumber: number,
      guestName: 'Aisha Al Balushi',
      type: 'maintenance',
      note: 'AC',
      status: 'new',
    });
    // Polled: an unchanged list is 304.
    const etag = list.headers.get('etag')!;
    const again = await call('/api/admin/stay-requests', {
      cookie: staff,
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('start, then done: final (409 after), the guest notified each time in both languages, the audit line', async () => {
    const guest = await signUp();
    const b = await approvedBooking(guest.cookie);
    await checkIn(b.id);
    const { request } = await json<{ request: Req }>(
      await ask({ bookingId: b.id, type: 'towels' }, guest.cookie),
    );

    expect((await answer(request.id, { status: 'bogus' })).status).toBe(400);
    expect((await answer(request.id, { status: 'done', note: 'x'.repeat(501) })).status).toBe(400);
    expect((await answer(999_999, { status: 'done' })).status).toBe(404);

    const started = await answer(request.id, { status: 'in_progress', note: 'On the way' });
    expect(started.status).toBe(200);
    expect((await json<{ request: Req }>(started)).request).toMatchObject({
      status: 'in_progress',
      staffNote: 'On the way',
    });
    const done = await answer(request.id, { status: 'done' });
    expect(done.status).toBe(200);
    expect((await json<{ request: Req }>(done)).request).toMatchObject({
      status: 'done',
      staffNote: 'On the way',
    });

    const late = await answer(request.id, { status: 'in_progress' }, staff, 'ar');
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe('stay_request_closed');
    expect((await answer(request.id, { status: 'declined' })).status).toBe(409);

    const notes = (
      await env.DB.prepare(
        'select type, title, title_ar, message from notifications where booking_id = ? and type like ? order by id',
      )
        .bind(b.id, 'stay_request_%')
        .all<{ type: string; title: string; title_ar: string; message: string }>()
    ).results;
    expect(notes.map((n) => n.type)).toEqual(['stay_request_in_progress', 'stay_request_done']);
    expect(notes[0]!.message).toBe('We are on your request: Towels. On the way');
    expect(notes[1]!.title_ar).toBe('تم تنفيذ طلبك: مناشف');
    // The guest's account reads them.
    const { items } = await json<{ items: { type: string }[] }>(
      await call('/api/notifications/mine', { cookie: guest.cookie }),
    );
    expect(items.some((n) => n.type === 'stay_request_done')).toBe(true);

    const audit = (
      await env.DB.prepare(
        "select action, actor_user_id from audit_log where entity_type = 'stay_request' and entity_id = ? order by id",
      )
        .bind(String(request.id))
        .all<{ action: string; actor_user_id: number }>()
    ).results;
    expect(audit).toEqual([
      { action: 'stay_request.in_progress', actor_user_id: staffId },
      { action: 'stay_request.done', actor_user_id: staffId },
    ]);
    // Finished today: in the queue's done list, out of the open one; the guest sees Done with the note.
    const { open, done: finished } = await queue();
    expect(open.some((r) => r.id === request.id)).toBe(false);
    expect(finished.find((r) => r.id === request.id)).toMatchObject({ status: 'done' });
    const list = await json<{ requests: Req[] }>(await mine(b.id, guest.cookie));
    expect(list.requests[0]).toMatchObject({ status: 'done', staffNote: 'On the way' });
  });

  it('a late check-out done moves the booking’s departure time; declined leaves it', async () => {
    const guest = await signUp();
    const b = await approvedBooking(guest.cookie);
    await checkIn(b.id);
    const departure = async () =>
      (await env.DB.prepare('select departure_time from booking_submissions where id = ?').bind(b.id).first<{
        departure_time: string | null;
      }>())!.departure_time;
    const lateAt = async (time: string) =>
      (
        await json<{ request: Req }>(
          await ask({ bookingId: b.id, type: 'late_checkout', requestedTime: time }, guest.cookie),
        )
      ).request;

    const declined = await lateAt('15:00');
    expect((await answer(declined.id, { status: 'declined', note: 'Fully booked' })).status).toBe(200);
    expect(await departure()).toBeNull();
    const note = await env.DB.prepare(
      "select title from notifications where booking_id = ? and type = 'stay_request_declined'",
    )
      .bind(b.id)
      .first<{ title: string }>();
    expect(note!.title).toBe('Your request was declined: Late check-out');

    const granted = await lateAt('13:00');
    expect((await answer(granted.id, { status: 'in_progress' })).status).toBe(200);
    expect(await departure()).toBeNull();
    expect((await answer(granted.id, { status: 'done' })).status).toBe(200);
    expect(await departure()).toBe('13:00');
    const approved = await env.DB.prepare(
      "select title, title_ar from notifications where booking_id = ? and type = 'stay_request_done'",
    )
      .bind(b.id)
      .first<{ title: string; title_ar: string }>();
    expect(approved!.title).toBe('Late check-out approved: until 13:00');
    expect(approved!.title_ar).toContain('١:٠٠ م');
    // The staff's queue shows the booking's departure time too.
    const { done } = await queue();
    expect(done.find((r) => r.id === granted.id)).toMatchObject({ departureTime: '13:00' });
  });

  it('two answers at once: one applies, the other 409, one notice', async () => {
    const b = await approvedBooking();
    await checkIn(b.id);
    const { request } = await json<{ request: Req }>(
      await ask({ bookingId: b.id, type: 'cleaning' }, await grantCookie(b)),
    );
    const results = await Promise.all([
      answer(request.id, { status: 'done' }),
      answer(request.id, { status: 'done' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const n = await env.DB.prepare(
      "select count(*) as n from notifications where booking_id = ? and type = 'stay_request_done'",
    )
      .bind(b.id)
      .first<{ n: number }>();
    expect(n!.n).toBe(1);
  });
});

describe('a request staff log for a guest who phones', () => {
  const log = (body: unknown, cookie = staff, headers?: HeadersInit) =>
    call('/api/admin/stay-requests', { method: 'POST', json: body, cookie, lang: 'ar', headers });

  it('staff only, for a guest in house; in the queue, the guest sees it, the audit names who logged it', async () => {
    const guest = await signUp();
    const b = await approvedBooking();
    // Not in house yet: refused as the guest's own would be.
    expect((await errorOf(await log({ bookingId: b.id, type: 'towels' }))).code).toBe('not_in_house');
    const number = await checkIn(b.id);

    // Nobody else: a guest 403, signed out 401.
    expect((await log({ bookingId: b.id, type: 'towels' }, guest.cookie)).status).toBe(403);
    expect((await log({ bookingId: b.id, type: 'towels' }, '')).status).toBe(401);
    // A booking that does not exist 404; bad bodies 400 with the field's code, never 500.
    expect((await errorOf(await log({ bookingId: 99_999_999, type: 'towels' }))).code).toBe(
      'booking_not_found',
    );
    const bad = await log({ bookingId: b.id, type: 'other' });
    expect(bad.status).toBe(400);
    expect((await log({ bookingId: 'x', type: 'towels' })).status).toBe(400);
    expect((await log({ bookingId: b.id, type: 'late_checkout' })).status).toBe(400);

    const made = await log({ bookingId: b.id, type: 'towels', note: 'اتصل من الغرفة' }, staff, {
      'idempotency-key': crypto.randomUUID(),
    });
    expect(made.status).toBe(201);
    const body = await json<{ message: string; request: Req }>(made);
    expect(body.message).toBe('سُجّل الطلب باسم الضيف');
    expect(body.request).toMatchObject({
      bookingId: b.id,
      type: 'towels',
      note: 'اتصل من الغرفة',
      status: 'new',
    });
    expect((await queue()).open.find((r) => r.id === body.request.id)).toMatchObject({
      roomNumber: number,
      guestName: 'Aisha Al Balushi',
    });
    const guestView = await json<{ requests: Req[] }>(await mine(b.id, await grantCookie(b)));
    expect(guestView.requests.map((r) => r.id)).toContain(body.request.id);
    const line = await env.DB.prepare(
      "select actor_user_id as actor, entity_id as entity, after from audit_log where action = 'stay_request.logged' and entity_id = ?",
    )
      .bind(String(body.request.id))
      .first<{ actor: number; entity: string; after: string }>();
    expect(line).toMatchObject({ actor: staffId, entity: String(body.request.id) });
    expect(JSON.parse(line!.after)).toMatchObject({ bookingId: b.id, type: 'towels' });
  });
});

import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { QUICK_BOOKING_TYPE } from '@shared/booking-schemas';
import { book as bookThrough, bookingRequest, json, stays } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * Notifications in the app: a guest's unread count, marking one (only their
 * own) or all read, the list a page at a time by date; the staff's alerts (new booking requests
 * and entries) with read marks of each member of staff; counts that read the unread rows only.
 */
type Note = { id: number; isRead: boolean; createdAt: string; title: string };
type Page<T> = { items: T[]; nextCursor: string | null; unread: number };
type Alert = {
  id: number;
  kind: string;
  bookingId: number | null;
  reference: string | null;
  phone: string | null;
  isRead: boolean;
};

let phone = 93_300_000;
const stay = stays({ from: 302, every: 2, nights: 1 });
const request = (over: Record<string, unknown> = {}) =>
  bookingRequest(
    {
      fullName: 'Mona Al Harthy',
      phoneNumber: String((phone += 1)),
      idNumber: '1234567',
      roomType: 'silver',
      ...over,
    },
    stay,
  );
const book = (cookie?: string, over: Record<string, unknown> = {}) => bookThrough(request(over), { cookie });

/** `n` notifications of the account, one a second apart from `from` (history, written directly). */
async function history(userId: number, n: number, from: number, isRead = false) {
  const rows = Array.from({ length: n }, (_, i) =>
    env.DB.prepare(
      `insert into notifications (user_phone, title, title_ar, message, message_ar, type, is_read, user_id, created_at)
       values ('90000000', ?, ?, 'm', 'م', 'booking_approved', ?, ?, ?)`,
    ).bind(`Note ${i}`, `إشعار ${i}`, isRead ? 1 : 0, userId, from + i * 1000),
  );
  for (let i = 0; i < rows.length; i += 50) await env.DB.batch(rows.slice(i, i + 50));
}
const userIdOf = async (email: string) =>
  (await env.DB.prepare('select id from users where email = ?').bind(email).first<{ id: number }>())!.id;
const metered = (path: string, cookie: string) => call(path, { cookie, headers: { 'x-d1-meter': '1' } });
const rowsRead = (res: Response) => Number(res.headers.get('x-d1-rows-read'));

describe("a guest's notifications", () => {
  it('page by date with a cursor and carry the unread count', async () => {
    const guest = await signUp('Paging Guest');
    await history(await userIdOf(guest.email), 45, Date.now() - 3_600_000);
    const seen: number[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const res = await call(`/api/notifications/mine${cursor ? `?cursor=${cursor}` : ''}`, {
        cookie: guest.cookie,
      });
      expect(res.status).toBe(200);
      const page: Page<Note> = await json<Page<Note>>(res);
      expect(page.unread).toBe(45);
      seen.push(...page.items.map((n) => n.id));
      cursor = page.nextCursor;
      pages += 1;
    }
    // Newest first, 20 a page, each once.
    expect(pages).toBe(3);
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    const small = await json<Page<Note>>(
      await call('/api/notifications/mine?limit=5', { cookie: guest.cookie }),
    );
    expect(small.items).toHaveLength(5);
    expect((await call('/api/notifications/mine?cursor=abc', { cookie: guest.cookie })).status).toBe(400);
    expect((await call('/api/notifications/mine?limit=500', { cookie: guest.cookie })).status).toBe(400);
    expect((await call('/api/notifications/mine')).status).toBe(401);
  });

  it('a guest marks one of their own read, or all; another guest’s id is not found', async () => {
    const guest = await signUp('Reader');
    const other = await signUp('Snoop');
    const staff = await logIn('staff@example.com', 'change-me-staff');
    // Two real notifications: a booking approved, then cancelled by staff.
    const booking = await book(guest.cookie);
    for (const status of ['approved', 'cancelled'])
      expect(
        (
          await call(`/api/booking-submissions/${booking.id}/status`, {
            method: 'PATCH',
            json: { status },
            cookie: staff.cookie,
          })
        ).status,
      ).toBe(200);
    const unread = async (cookie: string) =>
      (await json<{ unread: number }>(await call('/api/notifications/mine/unread', { cookie }))).unread;
    const page = await json<Page<Note>>(await call('/api/notifications/mine', { cookie: guest.cookie }));
    expect(page.items.map((n) => n.isRead)).toEqual([false, false]);
    expect(await unread(guest.cookie)).toBe(2);

    const [newest, older] = page.items as [Note, Note];
    // Another guest's notification: 404, and it stays unread.
    const snoop = await call(`/api/notifications/${newest.id}/read`, {
      method: 'POST',
      cookie: other.cookie,
    });
    expect(snoop.status).toBe(404);
    expect(await json(snoop)).toMatchObject({ error: { code: 'notification_not_found' } });
    expect(
      (await call('/api/notifications/999999999/read', { method: 'POST', cookie: guest.cookie })).status,
    ).toBe(404);
    expect((await call(`/api/notifications/${newest.id}/read`, { method: 'POST' })).status).toBe(401);
    expect(await unread(guest.cookie)).toBe(2);

    const marked = await call(`/api/notifications/${newest.id}/read`, {
      method: 'POST',
      cookie: guest.cookie,
    });
    expect(marked.status).toBe(200);
    expect(await json(marked)).toEqual({ unread: 1 });
    // Again: the same answer (already read).
    expect(
      await json(
        await call(`/api/notifications/${newest.id}/read`, { method: 'POST', cookie: guest.cookie }),
      ),
    ).toEqual({ unread: 1 });
    const after = await json<Page<Note>>(await call('/api/notifications/mine', { cookie: guest.cookie }));
    expect(after.items.map((n) => [n.id, n.isRead])).toEqual([
      [newest.id, true],
      [older.id, false],
    ]);
    expect(after.unread).toBe(1);

    // Read-all (twice at once: both fine) reads only this guest's.
    await history(await userIdOf(other.email), 3, Date.now());
    const both = await Promise.all([
      call('/api/notifications/read-all', { method: 'POST', cookie: guest.cookie }),
      call('/api/notifications/read-all', { method: 'POST', cookie: guest.cookie }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await unread(guest.cookie)).toBe(0);
    expect(await unread(other.cookie)).toBe(3);
  });

  it('the unread count reads the unread rows only, however long the read history', async () => {
    const guest = await signUp('Long History');
    const id = await userIdOf(guest.email);
    await history(id, 3, Date.now() - 10_000);
    const before = rowsRead(await metered('/api/notifications/mine/unread', guest.cookie));
    await history(id, 300, Date.now() - 20_000_000, true);
    const res = await metered('/api/notifications/mine/unread', guest.cookie);
    expect(await json(res)).toEqual({ unread: 3 });
    expect(rowsRead(res)).toBe(before);
    // The first page too: a page's worth, not the history.
    const page = await metered('/api/notifications/mine', guest.cookie);
    expect(rowsRead(page)).toBeLessThan(60);
    // 150 unread: the count stops at 100 ("99+") and reads no more than that.
    await history(id, 150, Date.now() - 40_000_000);
    const many = await metered('/api/notifications/mine/unread', guest.cookie);
    expect(await json(many)).toEqual({ unread: 100 });
    expect(rowsRead(many)).toBeLessThan(130);
  });
});

describe("the staff's alerts", () => {
  const summary = async (cookie: string) =>
    json<{ unread: number; latestId: number }>(await call('/api/notifications/staff/unread', { cookie }));

  it('a booking request and an entry arrive as alerts; the desk’s own walk-in does not', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const start = await summary(staff.cookie);
    const guest = await signUp('Alerted Guest');
    const booking = await book(guest.cookie);
    const s1 = await summary(staff.cookie);
    expect(s1.unread).toBe(Math.min(100, start.unread + 1));
    expect(s1.latestId).toBeGreaterThan(start.latestId);
    const list = await json<Page<Alert>>(
      await call('/api/notifications/staff?limit=1', { cookie: staff.cookie }),
    );
    expect(list.items[0]).toMatchObject({ kind: 'booking_request', bookingId: booking.id, isRead: false });
    // Read from the booking itself: its reference, guest, phone and stay.
    expect(list.items[0]).toMatchObject({
      reference: booking.reference,
      fullName: 'Mona Al Harthy',
      status: 'pending',
    });
    expect(list.items[0]!.phone).toMatch(/^9689330/);

    // A walk-in booked by staff at the desk is not news to the staff.
    await book(staff.cookie, { bookingType: QUICK_BOOKING_TYPE });
    expect((await summary(staff.cookie)).latestId).toBe(s1.latestId);

    // An entry (its insert, however it arrives) is one too.
    await env.DB.prepare(
      `insert into location_sharing_submissions (participant_phone, submission_date) values ('95550001', ?)`,
    )
      .bind(Date.now())
      .run();
    const top = await json<Page<Alert>>(
      await call('/api/notifications/staff?limit=1', { cookie: staff.cookie }),
    );
    expect(top.items[0]).toMatchObject({ kind: 'location_entry', isRead: false, phone: '95550001' });

    // Guests never see them.
    expect((await call('/api/notifications/staff', { cookie: guest.cookie })).status).toBe(403);
    expect((await call('/api/notifications/staff/unread', { cookie: guest.cookie })).status).toBe(403);
    expect(
      (
        await call(`/api/notifications/staff/${top.items[0]!.id}/read`, {
          method: 'POST',
          cookie: guest.cookie,
        })
      ).status,
    ).toBe(403);
  });

  it('each member of staff reads them on their own: one, then all; pages by date', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const admin = await logIn('admin@example.com', 'change-me-admin');
    // Both start with nothing unread.
    for (const who of [staff, admin])
      expect(
        await json(await call('/api/notifications/staff/read-all', { method: 'POST', cookie: who.cookie })),
      ).toEqual({ unread: 0 });
    expect((await summary(staff.cookie)).unread).toBe(0);
    for (let i = 0; i < 3; i++) await book();
    expect((await summary(staff.cookie)).unread).toBe(3);
    expect((await summary(admin.cookie)).unread).toBe(3);

    const page = await json<Page<Alert>>(
      await call('/api/notifications/staff?limit=2', { cookie: staff.cookie }),
    );
    expect(page.items).toHaveLength(2);
    expect(page.unread).toBe(3);
    const next = await json<Page<Alert>>(
      await call(`/api/notifications/staff?limit=2&cursor=${page.nextCursor}`, { cookie: staff.cookie }),
    );
    expect(next.items[0]!.id).toBeLessThan(page.items[1]!.id);
    expect(next.items[0]!.isRead).toBe(false);
    // The third of the new ones is on the second page; the one after it was read at "mark all".
    expect(next.items[1]!.isRead).toBe(true);

    const first = page.items[0]!;
    const marked = await call(`/api/notifications/staff/${first.id}/read`, {
      method: 'POST',
      cookie: staff.cookie,
    });
    expect(await json(marked)).toEqual({ unread: 2 });
    expect((await summary(admin.cookie)).unread).toBe(3);
    const again = await json<Page<Alert>>(
      await call('/api/notifications/staff?limit=2', { cookie: staff.cookie }),
    );
    expect(again.items.map((a) => a.isRead)).toEqual([true, false]);
    expect(
      (await call('/api/notifications/staff/999999999/read', { method: 'POST', cookie: staff.cookie }))
        .status,
    ).toBe(404);

    // Mark all while a new request arrives: each lands on one side, nothing is lost.
    await Promise.all([
      call('/api/notifications/staff/read-all', { method: 'POST', cookie: staff.cookie }),
      book(),
    ]);
    const left = (await summary(staff.cookie)).unread;
    expect([0, 1]).toContain(left);
    expect((await summary(admin.cookie)).unread).toBe(4);
    await book();
    expect((await summary(staff.cookie)).unread).toBe(left + 1);
  });

  it('the unread count reads the alerts since "mark all read", not the history', async () => {
    const staff = await logIn('staff@example.com', 'change-me-staff');
    await book();
    await call('/api/notifications/staff/read-all', { method: 'POST', cookie: staff.cookie });
    const before = rowsRead(await metered('/api/notifications/staff/unread', staff.cookie));
    const inserts = Array.from({ length: 200 }, (_, i) =>
      env.DB.prepare(`insert into staff_alerts (kind, created_at) values ('rating_entry', ?)`).bind(
        Date.now() - 50_000_000 - i,
      ),
    );
    await env.DB.batch(inserts);
    const res = await metered('/api/notifications/staff/unread', staff.cookie);
    expect((await json<{ unread: number }>(res)).unread).toBe(0);
    expect(rowsRead(res)).toBe(before);
  });

  it('a page of alerts reads as many rows whether they are about bookings or entries', async () => {
    // Each alert joins the one row it is about; an entry's id once looked itself up in all
    // three entry tables (a page of entries read 3 rows an alert, a page of bookings 1).
    const staff = await logIn('staff@example.com', 'change-me-staff');
    const booking = await env.DB.prepare('select id from booking_submissions limit 1').first<{
      id: number;
    }>();
    const entry = await env.DB.prepare(
      `insert into location_sharing_submissions (participant_phone, submission_date) values ('93990001', ?) returning id`,
    )
      .bind(Date.now())
      .first<{ id: number }>();
    const pageRows = async (kind: string, column: string, id: number, from: number) => {
      await env.DB.batch(
        Array.from({ length: 25 }, (_, i) =>
          env.DB.prepare(`insert into staff_alerts (kind, ${column}, created_at) values (?, ?, ?)`).bind(
            kind,
            id,
            from + i,
          ),
        ),
      );
      await call('/api/notifications/staff/read-all', { method: 'POST', cookie: staff.cookie });
      const res = await metered('/api/notifications/staff', staff.cookie);
      const page = await json<{ items: { kind: string; phone: string | null }[] }>(res);
      expect(page.items.every((item) => item.kind === kind && item.phone)).toBe(true);
      return rowsRead(res);
    };
    const bookings = await pageRows('booking_request', 'booking_id', booking!.id, Date.now() + 60_000);
    const entries = await pageRows('location_entry', 'entry_id', entry!.id, Date.now() + 120_000);
    expect(entries).toBe(bookings);
  });
});

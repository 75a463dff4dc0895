import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { USER_ROLES, type UserRole } from '@shared/constants';
import { roleAtLeast } from '@shared/roles';
import { openApiDocument } from './platform/openapi';
import { app } from './index';
import { call, signUp } from '@worker-test/helpers';
import { inHouseStay, json, staffAccount, stayInRoom, type HotelRole } from '@worker-test/builders';
import { addDays, hotelToday } from '@shared/dates';

/**
 * The roles, ranked guest < housekeeper < staff < manager < admin, each judged by the server. Every
 * route of the app that a guard protects (the guards note their role for the OpenAPI document,
 * platform/openapi.ts) is called by every role below the one it needs, and by nobody signed in:
 * each answers 403 (401 signed out) before it reads anything. Then what a housekeeper may do on
 * the housekeeping board, what the board tells them, and an admin's changes of a role.
 */

type Guarded = { method: string; path: string; role: UserRole };

/** Every guarded route, with the role its guard needs (the last guard of its chain). */
function guardedRoutes(): Guarded[] {
  const doc = openApiDocument(app.routes);
  const routes: Guarded[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const description = (operation as { description?: string }).description ?? '';
      const needs = /^Needs a (\w+) session or higher\.$/.exec(description)?.[1];
      const role = needs ?? (description === 'Needs a signed-in session.' ? 'guest' : null);
      if (!role) continue;
      expect(USER_ROLES, `${method} ${path}`).toContain(role);
      routes.push({ method: method.toUpperCase(), path, role: role as UserRole });
    }
  }
  return routes;
}

/** A route's path with its parameters filled (a number fits every id; the guard runs first). */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '1');

function ask(route: { method: string; path: string }, cookie: string) {
  const write = route.method !== 'GET' && route.method !== 'HEAD';
  return call(concrete(route.path), { method: route.method, cookie, lang: 'en', ...(write && { json: {} }) });
}

const sessions = new Map<UserRole, Promise<string>>();
/** One signed-in account per role for the file (a guest registers; the others are written). */
function cookieOf(role: UserRole): Promise<string> {
  let cookie = sessions.get(role);
  if (!cookie) {
    cookie =
      role === 'guest'
        ? signUp().then((g) => g.cookie)
        : staffAccount({ role: role as HotelRole }).then((a) => a.cookie);
    sessions.set(role, cookie);
  }
  return cookie;
}

describe('every guarded route, for every role below it', () => {
  it('lists the routes of each rank, the housekeeping board among the housekeeper’s and the exports above it', () => {
    const routes = guardedRoutes();
    const of = (role: UserRole) => routes.filter((r) => r.role === role).map((r) => `${r.method} ${r.path}`);
    expect(routes.length).toBeGreaterThan(80);
    expect(of('housekeeper').sort()).toEqual([
      'GET /api/admin/housekeeping',
      'GET /api/admin/lost-found/rooms',
      'GET /api/admin/stay-requests',
      'GET /api/admin/work-orders',
      'GET /api/admin/work-orders/{id}/photo',
      // Their own tasks (a supervisor's, staff and up, all of them: modules/housekeeping).
      'GET /api/housekeeping/tasks',
      'PATCH /api/admin/stay-requests/{id}',
      'PATCH /api/housekeeping/tasks/{id}',
      'POST /api/admin/lost-found',
      'POST /api/admin/work-orders',
      'POST /api/housekeeping/tasks/{id}/minibar',
      'PUT /api/admin/lost-found/{id}/photo',
      'PUT /api/admin/rooms/{id}',
      'PUT /api/admin/work-orders/{id}/photo',
    ]);
    // The technician's trade: theirs, a manager's and an admin's (shared/src/roles.ts).
    expect(of('maintenance').sort()).toEqual([
      'POST /api/admin/work-orders/{id}/close',
      'POST /api/admin/work-orders/{id}/take',
    ]);
    expect(of('staff')).toEqual(
      expect.arrayContaining([
        'GET /api/admin/bookings.csv',
        'GET /api/admin/booking-submissions/{id}/id-document',
        'GET /api/admin/rooms',
        'GET /api/front-desk',
        'PUT /api/housekeeping/assignments',
        'POST /api/housekeeping/days',
      ]),
    );
    expect(of('manager')).toEqual(
      expect.arrayContaining([
        'POST /api/admin/statistics/access',
        'GET /api/statistics/dashboard',
        'GET /api/statistics/daily.csv',
      ]),
    );
    expect(of('admin')).toEqual(
      expect.arrayContaining([
        'GET /api/admin/staff',
        'PATCH /api/admin/staff/{id}',
        'GET /api/admin/audit-log.csv',
      ]),
    );
  });

  it('answers 401 to every guarded route when nobody is signed in', async () => {
    const wrong: string[] = [];
    for (const route of guardedRoutes()) {
      const res = await ask(route, '');
      if (res.status !== 401) wrong.push(`${route.method} ${route.path}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  for (const role of ['guest', 'housekeeper', 'maintenance', 'staff', 'manager'] as const) {
    it(`refuses a ${role} every route above their rank with 403 forbidden, in their language`, async () => {
      const cookie = await cookieOf(role);
      const above = guardedRoutes().filter((r) => !roleAtLeast(role, r.role));
      expect(above.length).toBeGreaterThan(0);
      const wrong: string[] = [];
      for (const route of above) {
        const res = await ask(route, cookie);
        const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
        if (res.status !== 403 || body?.error?.code !== 'forbidden')
          wrong.push(`${route.method} ${route.path}: ${res.status} ${body?.error?.code ?? ''}`);
      }
      expect(wrong).toEqual([]);
      const arabic = await call('/api/admin/staff', { cookie, lang: 'ar' });
      expect(await json(arabic)).toMatchObject({
        error: { code: 'forbidden', message: 'ليست لديك صلاحية لهذا الإجراء' },
      });
    });
  }
});

describe('a guest', () => {
  it('asking for the pending bookings gets only their own: none of the hotel’s', async () => {
    // One pending booking of someone else's, so the hotel's list is not empty.
    const checkInDate = addDays(hotelToday(), 400 + Math.floor(Math.random() * 200));
    const made = await call('/api/booking-submissions', {
      method: 'POST',
      json: {
        fullName: 'نزيل آخر',
        phoneNumber: String(94_000_000 + Math.floor(Math.random() * 999_999)),
        idNumber: '87654321',
        roomType: 'silver',
        bedType: 'double',
        smokingPreference: 'non_smoking',
        numberOfGuests: 2,
        checkInDate,
        checkOutDate: addDays(checkInDate, 1),
      },
      headers: { 'cf-connecting-ip': '10.31.1.1' },
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const staff = await call('/api/booking-submissions?status=pending', { cookie: await cookieOf('staff') });
    expect((await json<unknown[]>(staff)).length).toBeGreaterThan(0);
    const res = await call('/api/booking-submissions?status=pending', { cookie: await cookieOf('guest') });
    expect(res.status).toBe(200);
    expect(await json<unknown[]>(res)).toEqual([]);
  });
});

describe('the housekeeper', () => {
  it('is refused the exports, ID numbers and ID photos, the bookings and the front desk', async () => {
    const cookie = await cookieOf('housekeeper');
    for (const path of [
      '/api/admin/bookings.csv',
      '/api/admin/booking-submissions/1/id-document',
      '/api/booking-submissions/counts',
      '/api/booking-submissions',
      '/api/front-desk',
      '/api/admin/tape-chart',
      '/api/admin/rooms',
      '/api/statistics/daily.csv',
      '/api/admin/audit-log.csv',
    ]) {
      const res = await call(path, { cookie });
      // A housekeeper's own bookings list (as a guest's) holds none of the hotel's.
      if (path === '/api/booking-submissions') {
        expect(res.status, path).toBe(200);
        expect(await json<unknown[]>(res), path).toEqual([]);
      } else expect(res.status, path).toBe(403);
    }
  });

  it('sees the housekeeping board: rooms, statuses and flags, no guest', async () => {
    const cookie = await cookieOf('housekeeper');
    const res = await call('/api/admin/housekeeping', { cookie });
    expect(res.status).toBe(200);
    const board = await json<{ floors: { rooms: Record<string, unknown>[] }[]; toClean: unknown[] }>(res);
    const rooms = board.floors.flatMap((f) => f.rooms);
    expect(rooms.length).toBeGreaterThan(0);
    const allowed = [
      'id',
      'number',
      'roomType',
      'floor',
      'status',
      'notes',
      'statusChangedAt',
      'outOfOrder',
      'departure',
      'checkedOut',
      'lateCheckOut',
      'stayOver',
      'arrival',
      'arrived',
      'vacant',
    ];
    for (const room of rooms) expect(allowed).toEqual(expect.arrayContaining(Object.keys(room)));
    expect(JSON.stringify(board)).not.toMatch(/fullName|phone|email|document|reference/i);
  });

  it('sets a room clean, dirty or inspected, and nothing else', async () => {
    const cookie = await cookieOf('housekeeper');
    const room = await env.DB.prepare(
      "select id, notes from hotel_rooms where retired_at is null and status <> 'out_of_order' order by id limit 1",
    ).first<{ id: number; notes: string | null }>();
    const put = (body: unknown) =>
      call(`/api/admin/rooms/${room!.id}`, { method: 'PUT', json: body, cookie, lang: 'en' });
    for (const status of ['dirty', 'clean', 'inspected'] as const) {
      const res = await put({ status });
      expect(res.status, status).toBe(200);
      expect(await json(res)).toMatchObject({ room: { id: room!.id, status } });
    }
    const refused = [
      { notes: 'a note' },
      { status: 'clean', notes: 'a note' },
      { status: 'out_of_order', reason: 'leak' },
      { outOfOrderFrom: '2099-01-01', outOfOrderTo: '2099-01-02', reason: 'leak' },
      { endOutOfOrder: 1 },
      { number: '999' },
      { floor: 9 },
      { retired: true },
      {},
    ];
    for (const body of refused) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(await json(res)).toMatchObject({ error: { code: 'forbidden' } });
    }
    const after = await env.DB.prepare('select status, notes from hotel_rooms where id = ?')
      .bind(room!.id)
      .first<{ status: string; notes: string | null }>();
    expect(after).toEqual({ status: 'inspected', notes: room!.notes });
    // The room's state changes are in the audit log under the housekeeper's account.
    const audit = await env.DB.prepare(
      "select count(*) as n from audit_log a join users u on u.id = a.actor_user_id where u.role = 'housekeeper' and a.action = 'room.update'",
    ).first<{ n: number }>();
    expect(audit!.n).toBe(3);
  });

  it('leaves a room out of order to the desk', async () => {
    const staff = await cookieOf('staff');
    const cookie = await cookieOf('housekeeper');
    const room = await env.DB.prepare(
      "select id from hotel_rooms where retired_at is null and status <> 'out_of_order' order by id desc limit 1",
    ).first<{ id: number }>();
    const closed = await call(`/api/admin/rooms/${room!.id}`, {
      method: 'PUT',
      json: { status: 'out_of_order', reason: 'Leaking tap' },
      cookie: staff,
    });
    expect(closed.status).toBe(200);
    const res = await call(`/api/admin/rooms/${room!.id}`, {
      method: 'PUT',
      json: { status: 'clean' },
      cookie,
      lang: 'ar',
    });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({
      error: { code: 'room_out_of_order', message: 'الغرفة خارج الخدمة' },
    });
    const after = await env.DB.prepare('select status from hotel_rooms where id = ?')
      .bind(room!.id)
      .first('status');
    expect(after).toBe('out_of_order');
  });
});

describe("the housekeeper and the guests' requests", () => {
  it('sees and answers the room’s own requests (towels, cleaning, maintenance), without the guest’s name or reference', async () => {
    const staff = await cookieOf('staff');
    const cookie = await cookieOf('housekeeper');
    const today = hotelToday();
    const number = await env.DB.prepare(
      "select number from hotel_rooms where retired_at is null and status <> 'out_of_order' order by id desc limit 1 offset 2",
    ).first<string>('number');
    const stay = await inHouseStay(number!, today, addDays(today, 2), { fullName: 'Zahra Al Rawahi' });
    const log = async (body: Record<string, unknown>) => {
      const res = await call('/api/admin/stay-requests', {
        method: 'POST',
        cookie: staff,
        json: { bookingId: stay, ...body },
      });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await json<{ request: { id: number } }>(res)).request.id;
    };
    const towels = await log({ type: 'towels', note: 'Two more, please' });
    const late = await log({ type: 'late_checkout', requestedTime: '14:00' });

    const queue = await json<{ open: Record<string, unknown>[] }>(
      await call('/api/admin/stay-requests', { cookie }),
    );
    const mine = queue.open.filter((r) => r.bookingId === stay);
    expect(mine.map((r) => r.type)).toEqual(['towels']);
    expect(mine[0]).toMatchObject({ id: towels, guestName: null, reference: null, note: 'Two more, please' });
    expect(JSON.stringify(queue)).not.toContain('Zahra');
    // The desk's own list is whole.
    const desk = await json<{ open: Record<string, unknown>[] }>(
      await call('/api/admin/stay-requests', { cookie: staff }),
    );
    expect(desk.open.filter((r) => r.bookingId === stay).map((r) => [r.type, r.guestName])).toEqual([
      ['towels', 'Zahra Al Rawahi'],
      ['late_checkout', 'Zahra Al Rawahi'],
    ]);

    const answer = (id: number, who: string) =>
      call(`/api/admin/stay-requests/${id}`, { method: 'PATCH', cookie: who, json: { status: 'done' } });
    expect((await answer(late, cookie)).status).toBe(403);
    expect((await answer(towels, cookie)).status).toBe(200);
    const statuses = await env.DB.prepare(
      'select type, status from stay_requests where booking_id = ? order by id',
    )
      .bind(stay)
      .all();
    expect(statuses.results).toEqual([
      { type: 'towels', status: 'done' },
      { type: 'late_checkout', status: 'new' },
    ]);
    // Logging a request for a guest stays the desk's.
    const logged = await call('/api/admin/stay-requests', {
      method: 'POST',
      cookie,
      json: { bookingId: stay, type: 'towels' },
    });
    expect(logged.status).toBe(403);
  });
});

describe('the manager', () => {
  it('opens the statistics (the gate and the dashboard), which the front desk may not, and does the desk’s work', async () => {
    const manager = await cookieOf('manager');
    const staff = await cookieOf('staff');
    const gate = (cookie: string) =>
      call('/api/admin/statistics/access', {
        method: 'POST',
        json: { password: env.STATS_PASSWORD },
        cookie,
      });
    expect((await gate(staff)).status).toBe(403);
    expect((await gate(manager)).status).toBe(200);
    expect((await call('/api/statistics/dashboard', { cookie: manager })).status).toBe(200);
    expect((await call('/api/statistics/daily.csv', { cookie: manager })).status).toBe(200);
    // And the front desk's work, which a manager does as staff do: a check-in and a check-out.
    const today = hotelToday();
    const number = await env.DB.prepare(
      "select number from hotel_rooms where retired_at is null and status <> 'out_of_order' order by id limit 1",
    ).first<string>('number');
    const stay = await stayInRoom(number!, today, addDays(today, 2), { fullName: 'Manager Guest' });
    const checkIn = await call(`/api/booking-submissions/${stay}/check-in`, {
      method: 'POST',
      json: { confirmNotClean: true },
      cookie: manager,
    });
    expect(checkIn.status, await checkIn.clone().text()).toBe(200);
    const checkOut = await call(`/api/booking-submissions/${stay}/check-out`, {
      method: 'POST',
      json: {},
      cookie: manager,
    });
    expect(checkOut.status).toBe(200);
    // Still not an admin: staff accounts, site settings and the audit log stay refused.
    for (const path of ['/api/admin/staff', '/api/admin/audit-log', '/api/admin/site-settings'])
      expect((await call(path, { cookie: manager })).status, path).toBe(403);
  });
});

type StaffRow = { id: number; email: string; role: string; isDisabled: boolean };

describe('an admin gives roles', () => {
  const admin = () => cookieOf('admin');
  const create = async (role?: string) =>
    call('/api/admin/staff', {
      method: 'POST',
      cookie: await admin(),
      lang: 'en',
      json: {
        fullName: 'New Colleague',
        email: `colleague-${crypto.randomUUID().slice(0, 8)}@example.com`,
        password: 'a-long-password-for-staff',
        ...(role !== undefined && { role }),
      },
    });
  const patch = async (id: number, body: unknown, cookie?: string) =>
    call(`/api/admin/staff/${id}`, {
      method: 'PATCH',
      cookie: cookie ?? (await admin()),
      lang: 'en',
      json: body,
    });

  it('creates an account of each role an admin gives, staff by default, and lists every role but guest', async () => {
    const made: Record<string, StaffRow> = {};
    for (const role of ['outlet', 'housekeeper', 'maintenance', 'staff', 'manager', undefined]) {
      const res = await create(role);
      expect(res.status, String(role)).toBe(201);
      const { staff } = await json<{ staff: StaffRow }>(res);
      expect(staff.role).toBe(role ?? 'staff');
      made[role ?? 'default'] = staff;
    }
    for (const role of ['admin', 'guest', 'owner', 7, null]) {
      const res = await create(role as string);
      expect(res.status, String(role)).toBe(400);
      expect(await json(res)).toMatchObject({
        error: {
          code: 'validation_failed',
          fields: { role: 'Choose outlet staff, housekeeper, maintenance technician, front desk or manager' },
        },
      });
    }
    const list = await json<{ staff: StaffRow[] }>(await call('/api/admin/staff', { cookie: await admin() }));
    const roles = new Set(list.staff.map((s) => s.role));
    expect([...roles].sort()).toEqual(['admin', 'housekeeper', 'maintenance', 'manager', 'outlet', 'staff']);
    for (const s of Object.values(made)) expect(list.staff.map((r) => r.id)).toContain(s.id);
    const audit = await env.DB.prepare(
      "select json_extract(after, '$.role') as role from audit_log where action = 'staff.create' and entity_id = ?",
    )
      .bind(String(made.housekeeper!.id))
      .first('role');
    expect(audit).toBe('housekeeper');
  });

  it("changes a role: the account's open sessions have the new role at once, with one audit line", async () => {
    const email = `promoted-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const created = await call('/api/admin/staff', {
      method: 'POST',
      cookie: await admin(),
      json: { fullName: 'Promoted', email, password: 'a-long-password-for-staff', role: 'housekeeper' },
    });
    const { staff } = await json<{ staff: StaffRow }>(created);
    const login = await call('/api/auth/login', {
      method: 'POST',
      json: { email, password: 'a-long-password-for-staff' },
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0]!;
    expect((await call('/api/front-desk', { cookie })).status).toBe(403);

    // Two identical requests at once: both answer the new role, one audit line.
    const [a, b] = await Promise.all([
      patch(staff.id, { role: 'manager' }),
      patch(staff.id, { role: 'manager' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await json(a)).toMatchObject({
      message: expect.any(String),
      staff: { id: staff.id, role: 'manager' },
    });
    expect((await json<{ user: { role: string } }>(await call('/api/auth/me', { cookie }))).user.role).toBe(
      'manager',
    );
    expect((await call('/api/front-desk', { cookie })).status).toBe(200);
    const lines = await env.DB.prepare(
      "select before, after, actor_email from audit_log where action = 'staff.role' and entity_id = ?",
    )
      .bind(String(staff.id))
      .all<{ before: string; after: string; actor_email: string }>();
    expect(lines.results).toEqual([
      {
        before: JSON.stringify({ role: 'housekeeper' }),
        after: JSON.stringify({ role: 'manager' }),
        actor_email: expect.stringMatching(/^admin-/),
      },
    ]);

    // Down again: refused the desk from the next request on.
    expect((await patch(staff.id, { role: 'housekeeper' })).status).toBe(200);
    expect((await call('/api/front-desk', { cookie })).status).toBe(403);
    expect((await call('/api/admin/housekeeping', { cookie })).status).toBe(200);
  });

  it('refuses an admin’s role, a guest, an unknown id, a bad role, and anyone but an admin', async () => {
    const adminId = await env.DB.prepare(
      "select id from users where email = 'admin@example.com'",
    ).first<number>('id');
    const res = await patch(adminId!, { role: 'staff' });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ error: { code: 'admin_role_fixed' } });
    const otherAdmin = await staffAccount({ role: 'admin' });
    const other = await env.DB.prepare('select id from users where email = ?')
      .bind(otherAdmin.email)
      .first<number>('id');
    expect((await patch(other!, { role: 'manager' })).status).toBe(409);

    await signUp('A Guest', 'role-guest@example.com');
    const guestId = await env.DB.prepare(
      "select id from users where email = 'role-guest@example.com'",
    ).first<number>('id');
    expect((await patch(guestId!, { role: 'staff' })).status).toBe(404);
    expect((await patch(999_999, { role: 'staff' })).status).toBe(404);
    expect(await env.DB.prepare('select role from users where id = ?').bind(guestId).first('role')).toBe(
      'guest',
    );

    const made = await json<{ staff: StaffRow }>(await create('staff'));
    for (const body of [
      { role: 'admin' },
      { role: 'guest' },
      {},
      { role: ['staff'] },
      'staff',
      { role: 'x'.repeat(10_000) },
    ]) {
      const bad = await patch(made.staff.id, body);
      expect(bad.status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const arabic = await call(`/api/admin/staff/${made.staff.id}`, {
      method: 'PATCH',
      cookie: await admin(),
      lang: 'ar',
      json: { role: 'admin' },
    });
    expect(await json(arabic)).toMatchObject({
      error: { fields: { role: 'اختر موظف منفذ بيع أو عامل نظافة أو فني صيانة أو موظف استقبال أو مديراً' } },
    });
    for (const role of ['housekeeper', 'staff', 'manager'] as const) {
      const res = await patch(made.staff.id, { role: 'manager' }, await cookieOf(role));
      expect(res.status, role).toBe(403);
    }
    expect(
      await env.DB.prepare('select role from users where id = ?').bind(made.staff.id).first('role'),
    ).toBe('staff');
  });
});

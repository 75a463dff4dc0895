import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { json, staffAccount } from '@worker-test/builders';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * The statistics gate: admin only, the password checked on the server, a 30-minute
 * step-up bound to the session, wrong tries throttled and audited.
 */
type ErrorBody = { error: { code: string; message: string } };

const openGate = (cookie: string, password: string, lang: 'ar' | 'en' = 'en') =>
  call('/api/admin/statistics/access', { method: 'POST', json: { password }, cookie, lang });
const dashboard = (cookie: string) => call('/api/statistics/dashboard', { cookie, lang: 'en' });

/** A fresh admin account of its own, so each test has its own throttle and sessions. */
const newAdmin = () => staffAccount({ role: 'admin' });

describe('statistics gate', () => {
  it('refuses guests, staff and the signed-out, before any password check', async () => {
    const guest = await signUp();
    const staff = await logIn('staff@example.com', 'change-me-staff');
    expect((await openGate('', 'change-me-stats')).status).toBe(401);
    expect((await openGate(guest.cookie, 'change-me-stats')).status).toBe(403);
    expect((await openGate(staff.cookie, 'change-me-stats')).status).toBe(403);
    expect((await dashboard('')).status).toBe(401);
    expect((await dashboard(guest.cookie)).status).toBe(403);
    expect((await dashboard(staff.cookie)).status).toBe(403);
    expect((await call('/api/statistics/daily.csv', { cookie: staff.cookie })).status).toBe(403);
  });

  it('an admin without the step-up gets 403 from the dashboard and its CSV', async () => {
    const admin = await newAdmin();
    const res = await dashboard(admin.cookie);
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).error.code).toBe('stats_step_up_required');
    expect((await call('/api/statistics/daily.csv', { cookie: admin.cookie })).status).toBe(403);
  });

  it('the right password opens the dashboard for 30 minutes on this session, audited', async () => {
    const admin = await newAdmin();
    const before = Date.now();
    const res = await openGate(admin.cookie, 'change-me-stats');
    expect(res.status).toBe(200);
    const body = await json<{ success: boolean; error: null; accessUntil: string }>(res);
    expect(body).toMatchObject({ success: true, error: null });
    const until = Date.parse(body.accessUntil);
    expect(until).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    const ok = await dashboard(admin.cookie);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(await json(ok)).toHaveProperty('daily');
    const csv = await call('/api/statistics/daily.csv', { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('date,bookings,revenueOmr,siteVisits');
    expect(lines).toHaveLength(32); // the header, 30 days, the final line break
    const audit = await env.DB.prepare(`select action from audit_log where actor_email = ? order by id`)
      .bind(admin.email)
      .all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(['statistics.access_granted']);
  });

  it('a wrong password answers the spec message in the request language and is audited', async () => {
    const admin = await newAdmin();
    const en = await openGate(admin.cookie, 'change-me-stat', 'en');
    expect(en.status).toBe(401);
    expect((await json<ErrorBody>(en)).error).toMatchObject({
      code: 'stats_password_wrong',
      message: 'Wrong password',
    });
    const ar = await openGate(admin.cookie, 'CHANGE-ME-STATS', 'ar');
    expect((await json<ErrorBody>(ar)).error.message).toBe('كلمة المرور غير صحيحة');
    expect((await dashboard(admin.cookie)).status).toBe(403);
    const empty = await openGate(admin.cookie, '', 'ar');
    expect(empty.status).toBe(400);
    expect(await json(empty)).toMatchObject({
      error: { fields: { password: 'يرجى إدخال كلمة مرور الإحصائيات' } },
    });
    for (const body of [{}, { password: 123 }, { password: 'x'.repeat(201) }, []]) {
      const res = await call('/api/admin/statistics/access', {
        method: 'POST',
        json: body,
        cookie: admin.cookie,
      });
      expect(res.status).toBe(400);
    }
    const audit = await env.DB.prepare(`select action from audit_log where actor_email = ?`)
      .bind(admin.email)
      .all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual([
      'statistics.access_denied',
      'statistics.access_denied',
    ]);
  });

  it('after 5 wrong tries in 15 minutes this session is refused with 429, even the right password', async () => {
    const admin = await newAdmin();
    for (let i = 0; i < 5; i += 1) expect((await openGate(admin.cookie, `guess-${i}`)).status).toBe(401);
    const refused = await openGate(admin.cookie, 'change-me-stats');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await dashboard(admin.cookie)).status).toBe(403);
    // Another admin is not locked out by this one's failures; right passwords do not use up tries.
    const other = await newAdmin();
    for (let i = 0; i < 12; i += 1)
      expect((await openGate(other.cookie, 'change-me-stats')).status).toBe(200);
  });

  it("one session's wrong tries never lock the same admin's other session out", async () => {
    const admin = await newAdmin();
    const sessionB = await logIn(admin.email, admin.password);
    for (let i = 0; i < 5; i += 1) expect((await openGate(admin.cookie, `typo-${i}`)).status).toBe(401);
    // Session A keeps trying while locked: that does not use up the account's ceiling either.
    for (let i = 0; i < 30; i += 1) expect((await openGate(admin.cookie, `more-${i}`)).status).toBe(429);
    expect((await openGate(sessionB.cookie, 'change-me-stats')).status).toBe(200);
    expect((await dashboard(sessionB.cookie)).status).toBe(200);
    expect((await dashboard(admin.cookie)).status).toBe(403);
  });

  it('20 wrong tries across sessions lock the account: a fresh session is refused too', async () => {
    const admin = await newAdmin();
    for (let s = 0; s < 4; s += 1) {
      const { cookie } = await logIn(admin.email, admin.password);
      for (let i = 0; i < 5; i += 1) expect((await openGate(cookie, `guess-${s}-${i}`)).status).toBe(401);
    }
    const fresh = await logIn(admin.email, admin.password);
    const refused = await openGate(fresh.cookie, 'change-me-stats');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await dashboard(fresh.cookie)).status).toBe(403);
  });

  it('twenty wrong guesses at once in one session: five are judged, the rest refused', async () => {
    const admin = await newAdmin();
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => openGate(admin.cookie, `race-${i}`).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect((await openGate(admin.cookie, 'change-me-stats')).status).toBe(429);
    const denied = await env.DB.prepare(
      `select count(*) as n from audit_log where actor_email = ? and action = 'statistics.access_denied'`,
    )
      .bind(admin.email)
      .first<{ n: number }>();
    expect(denied!.n).toBe(5);
  });

  it('the step-up expires, ends with logout, and never carries to another session', async () => {
    const admin = await newAdmin();
    const second = await logIn(admin.email, admin.password);
    expect((await openGate(admin.cookie, 'change-me-stats')).status).toBe(200);
    expect((await dashboard(admin.cookie)).status).toBe(200);
    // The same admin signed in elsewhere has no step-up.
    expect((await dashboard(second.cookie)).status).toBe(403);

    // 30 minutes later (the row's time moved back): refused again.
    await env.DB.prepare(
      `update sessions set stats_access_until = ? where user_id = (select id from users where email = ?) and stats_access_until is not null`,
    )
      .bind(Date.now() - 1, admin.email)
      .run();
    expect((await dashboard(admin.cookie)).status).toBe(403);

    // Open again, log out: a new sign-in starts without it.
    expect((await openGate(admin.cookie, 'change-me-stats')).status).toBe(200);
    expect((await call('/api/auth/logout', { method: 'POST', cookie: admin.cookie })).status).toBe(200);
    expect((await dashboard(admin.cookie)).status).toBe(401);
    const again = await logIn(admin.email, admin.password);
    expect((await dashboard(again.cookie)).status).toBe(403);
  });
});

import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { book } from '@worker-test/builders';
import { signUp } from '@worker-test/helpers';
import { atHotel, MUSCAT, pushAll, SALALAH, setUpSalalah, staffAt } from '@worker-test/chain';
import { app } from '../../index';

/**
 * Staff see only their hotels (docs/decisions/103, "Staff"): a role is a hotel's own, a session is
 * its hotel's, and every route of a hotel answers from that hotel's database alone. Attacked with
 * the other hotel's ids: every GET route the app mounts, its parameters filled with a Muscat
 * booking's id, reference and guest's e-mail, asked at Salalah by Salalah's manager, shows nothing
 * of Muscat.
 */

beforeAll(setUpSalalah);

const MARKER = 'Zubair Muscatmarker';

/** A Muscat guest's booking whose name no Salalah row has. */
async function muscatBooking() {
  const guest = await signUp(MARKER);
  const booking = await book({ fullName: MARKER }, { cookie: guest.cookie });
  return { guest, booking };
}

/** Every GET path under /api the app mounts, its parameters filled in. */
function everyGetPath(values: { id: number; reference: string; email: string }): string[] {
  const paths = new Set<string>();
  for (const route of app.routes) {
    if (route.method !== 'GET' || !route.path.startsWith('/api/') || route.path.includes('*')) continue;
    paths.add(
      route.path.replace(/:(\w+)(\{[^}]*\})?/g, (_, name: string) => {
        const n = name.toLowerCase();
        if (n.includes('email')) return encodeURIComponent(values.email);
        if (n.includes('reference') || n === 'ref') return values.reference;
        if (n.includes('date') || n === 'day') return '2026-01-01';
        return String(values.id);
      }),
    );
  }
  return [...paths];
}

describe('a hotel’s staff and the other hotel', () => {
  it('a Salalah session opens nothing at Muscat', async () => {
    const manager = await staffAt(SALALAH, { role: 'manager' });
    for (const path of ['/api/auth/me', '/api/booking-submissions', '/api/admin/tape-chart']) {
      const res = await atHotel(MUSCAT, path, { cookie: manager.cookie });
      expect(res.status, path).toBe(401);
    }
    expect((await atHotel(SALALAH, '/api/booking-submissions', { cookie: manager.cookie })).status).toBe(200);
  });

  it('Muscat’s staff are guests at Salalah until Salalah’s admin gives them a role there', async () => {
    const muscatStaff = await staffAt(MUSCAT, { role: 'staff' });
    await pushAll();
    const login = () =>
      atHotel(SALALAH, '/api/auth/login', {
        method: 'POST',
        json: { email: muscatStaff.email, password: muscatStaff.password },
      });
    const first = await login();
    expect(first.status).toBe(200);
    const guestCookie = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0]!;
    // A guest's list is their own; the desk's screens refuse them.
    expect((await atHotel(SALALAH, '/api/booking-submissions/counts', { cookie: guestCookie })).status).toBe(
      403,
    );

    // Salalah's staff may not give roles; its admin may.
    const salalahStaff = await staffAt(SALALAH, { role: 'staff' });
    const grant = (cookie: string) =>
      atHotel(SALALAH, '/api/admin/chain/access', {
        method: 'POST',
        cookie,
        lang: 'en',
        json: { email: muscatStaff.email, role: 'staff' },
      });
    expect((await grant(salalahStaff.cookie)).status).toBe(403);
    const admin = await staffAt(SALALAH, { role: 'admin' });
    const given = await grant(admin.cookie);
    expect(given.status, await given.clone().text()).toBe(200);
    const again = await login();
    const staffCookie = again.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0]!;
    expect((await atHotel(SALALAH, '/api/booking-submissions/counts', { cookie: staffCookie })).status).toBe(
      200,
    );
    // The role is Salalah's: Muscat's row keeps its own.
    const there = await env.DB.prepare('select role from users where email = ?')
      .bind(muscatStaff.email)
      .first();
    expect(there).toEqual({ role: 'staff' });
  });

  it('every GET route at Salalah, asked with Muscat’s ids by Salalah’s manager, shows nothing of Muscat', async () => {
    const { guest, booking } = await muscatBooking();
    // Muscat's own answer has the marker (the probe can see it when it is there).
    const muscatAdmin = await staffAt(MUSCAT, { role: 'manager' });
    const own = await atHotel(MUSCAT, `/api/booking-submissions?q=${encodeURIComponent(MARKER)}`, {
      cookie: muscatAdmin.cookie,
    });
    expect(await own.text()).toContain(MARKER);

    const manager = await staffAt(SALALAH, { role: 'manager' });
    const paths = everyGetPath({ id: booking.id, reference: booking.reference, email: guest.email });
    expect(paths.length).toBeGreaterThan(150);
    const leaks: string[] = [];
    const statuses = new Map<number, number>();
    // Each path as it is, and with the marker as a search (the lists' `q`).
    const asked = paths.flatMap((p) => [p, `${p}?q=${encodeURIComponent(MARKER)}`]);
    for (const path of asked) {
      const res = await atHotel(SALALAH, path, { cookie: manager.cookie });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const body = await res.text();
      // A route naming the e-mail in its path may say it back; any other may not say it at all.
      const saysEmail = !path.includes(encodeURIComponent(guest.email)) && body.includes(guest.email);
      if (body.includes(MARKER) || body.includes(booking.reference) || saysEmail) {
        leaks.push(`${res.status} ${path}`);
      }
    }
    expect(leaks).toEqual([]);
    // The probe reached the routes (not all refused at the door).
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
  });

  it('Salalah’s staff read a Muscat guest’s points as Salalah’s only; the guest reads the chain’s', async () => {
    const guest = await signUp('Points Elsewhere');
    // 40 points at Muscat (as a completed stay writes them: the line and the balance).
    await env.DB.batch([
      env.DB.prepare(
        "insert into point_transactions (user_email, points_earned, kind, reason, reason_ar) values (?, 40, 'adjustment', 'test', 'test')",
      ).bind(guest.email),
      env.DB.prepare('insert into user_points (user_email, total_points) values (?, 40)').bind(guest.email),
    ]);
    await pushAll();
    const staff = await staffAt(SALALAH, { role: 'manager' });
    const read = async (cookie: string) =>
      (await atHotel(SALALAH, `/api/user-points/${encodeURIComponent(guest.email)}`, { cookie })).json();
    expect(await read(staff.cookie)).toMatchObject({ totalPoints: 0 });
    expect(await read(staff.cookie)).not.toHaveProperty('elsewhere');
    const login = await atHotel(SALALAH, '/api/auth/login', {
      method: 'POST',
      json: { email: guest.email, password: guest.password },
    });
    const own = login.headers
      .getSetCookie()
      .find((c) => c.startsWith('session='))!
      .split(';')[0]!;
    expect(await read(own)).toMatchObject({ totalPoints: 40, elsewhere: [{ hotel: MUSCAT, points: 40 }] });
  });

  it('the chain’s reports and guest index are refused to a hotel’s manager and own admin', async () => {
    const manager = await staffAt(SALALAH, { role: 'manager' });
    const admin = await staffAt(SALALAH, { role: 'admin' });
    for (const cookie of [manager.cookie, admin.cookie]) {
      for (const path of [
        '/api/admin/chain/flash',
        '/api/admin/chain/guests?q=a',
        '/api/admin/chain/month?month=2026-01',
      ]) {
        expect((await atHotel(SALALAH, path, { cookie })).status, path).toBe(403);
      }
    }
  });
});

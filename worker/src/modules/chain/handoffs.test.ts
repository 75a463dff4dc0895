import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { json } from '@worker-test/builders';
import { call, signUp } from '@worker-test/helpers';
import { atHotel, cookieOf, MUSCAT, SALALAH, setUpSalalah, staffAt } from '@worker-test/chain';

/**
 * One sign-in for the chain (docs/decisions/103, "Accounts"): signed in at Muscat, a guest is
 * carried to Salalah by a one-time token the chain keeps for a minute; the tablet's switch is the
 * same to a hotel where the account has a staff role only.
 */

beforeAll(setUpSalalah);

const handoff = (cookie: string, body: Record<string, unknown>, lang: 'ar' | 'en' = 'en') =>
  call('/api/chain/handoff', { method: 'POST', cookie, json: body, lang });

/** Spends a handoff's address as the browser would (at the host it names). */
const spend = (url: string) => {
  const u = new URL(url);
  return call(`${u.pathname}${u.search}`, { origin: u.origin });
};

describe('the handoff to another hotel', () => {
  it('signs the account in at Salalah once, with its role there, and sends it on', async () => {
    const guest = await signUp('Handed Over');
    const made = await handoff(guest.cookie, { hotel: SALALAH, next: '/dashboard' });
    expect(made.status, await made.clone().text()).toBe(201);
    const { url } = await json<{ url: string }>(made);
    expect(new URL(url).hostname).toBe('salalah.localhost');
    const res = await spend(url);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    const cookie = cookieOf(res);
    const me = await json<{ user: { email: string; role: string } }>(
      await atHotel(SALALAH, '/api/auth/me', { cookie }),
    );
    expect(me.user).toMatchObject({ email: guest.email, role: 'guest' });
    // Once only.
    const again = await spend(url);
    expect(again.status).toBe(401);
    expect(await json(again)).toMatchObject({ error: { code: 'handoff_invalid' } });
  });

  it('is spent only at the hotel it was made for, and only within its minute', async () => {
    const guest = await signUp('Wrong Hotel');
    const { url } = await json<{ url: string }>(await handoff(guest.cookie, { hotel: SALALAH }));
    const token = new URL(url).searchParams.get('token')!;
    expect((await call(`/api/chain/handoff?token=${token}`)).status).toBe(401);

    const late = await json<{ url: string }>(await handoff(guest.cookie, { hotel: SALALAH }));
    await env
      .CHAIN_DB!.prepare('UPDATE handoffs SET expires_at = ?')
      .bind(Date.now() - 1)
      .run();
    expect((await spend(late.url)).status).toBe(401);
  });

  it('refuses a staff switch to a hotel where the account has no staff role, in the language asked', async () => {
    const muscatStaff = await staffAt(MUSCAT, { role: 'staff' });
    const en = await handoff(muscatStaff.cookie, { hotel: SALALAH, as: 'staff' });
    expect(en.status).toBe(403);
    expect(await json(en)).toMatchObject({
      error: { code: 'hotel_not_allowed', message: 'Your account has no staff role at this hotel' },
    });
    const ar = await handoff(muscatStaff.cookie, { hotel: SALALAH, as: 'staff' }, 'ar');
    expect(JSON.stringify(await json(ar))).toContain('ليس لحسابك دور وظيفي في هذا الفندق');
  });

  it('refuses another site as `next`, an unknown hotel, a malformed token and a signed-out request', async () => {
    const guest = await signUp('Bad Input');
    for (const next of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)']) {
      expect((await handoff(guest.cookie, { hotel: SALALAH, next })).status, next).toBe(400);
    }
    expect((await handoff(guest.cookie, { hotel: 'nizwa' })).status).toBe(404);
    expect((await handoff(guest.cookie, { hotel: 'NOT A CODE' })).status).toBe(400);
    expect((await call('/api/chain/handoff?token=short')).status).toBe(400);
    expect((await call(`/api/chain/handoff?token=${'a'.repeat(5000)}`)).status).toBe(400);
    expect((await call('/api/chain/handoff', { method: 'POST', json: { hotel: SALALAH } })).status).toBe(401);
  });
});

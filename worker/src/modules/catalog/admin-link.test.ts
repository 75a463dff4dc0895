import { describe, expect, it } from 'vitest';
import { call, logIn, signUp } from '@worker-test/helpers';

/**
 * `/?admin=true`, the spec's entry for staff (docs/decisions/099-landing-first-second.md): a
 * signed-in account of the back office is sent there by the server at once; anyone else gets the
 * landing page, and no session is read for a visit without the signed-in hint.
 */
describe('/?admin=true', () => {
  const visit = (cookie?: string) =>
    call('/?admin=true', { cookie, headers: { 'sec-fetch-mode': 'navigate' }, redirect: 'manual' });

  it('sends staff to the back office and a housekeeper to their tasks, before any landing page', async () => {
    const staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
    const res = await visit(`${staff}; signed_in=1`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/admin');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('');
    const housekeeper = (await logIn('housekeeper@example.com', 'change-me-housekeeper')).cookie;
    const tasks = await visit(`${housekeeper}; signed_in=1`);
    expect(tasks.status).toBe(302);
    expect(tasks.headers.get('location')).toBe('/housekeeping/tasks');
  });

  it('answers a guest, a signed-out visitor and a session without the hint with the landing page', async () => {
    const { cookie: guest } = await signUp();
    const staff = (await logIn('staff@example.com', 'change-me-staff')).cookie;
    for (const cookie of [
      `${guest}; signed_in=1`,
      'signed_in=1',
      'session=forged; signed_in=1',
      undefined,
      staff,
    ]) {
      const res = await visit(cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('id="landing-hero"');
    }
    // Only the landing page's address: another page with the parameter is that page.
    const other = await call('/login?admin=true', {
      cookie: `${staff}; signed_in=1`,
      headers: { 'sec-fetch-mode': 'navigate' },
      redirect: 'manual',
    });
    expect(other.status).toBe(200);
  });
});

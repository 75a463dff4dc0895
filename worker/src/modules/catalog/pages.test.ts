import { describe, expect, it } from 'vitest';
import { call, logIn, signUp } from '@worker-test/helpers';
import { inlineScriptHashes, inlineStyleHashes, pageAsset, pageLanguage } from './pages';

/** Language links: which language and which built file a page is answered with. */
describe('pages', () => {
  it('takes ?lang= first, then the stored cookie, then Arabic', () => {
    expect(pageLanguage('en', 'ar')).toBe('en');
    expect(pageLanguage('ar', 'en')).toBe('ar');
    expect(pageLanguage(null, 'en')).toBe('en');
    expect(pageLanguage(undefined, undefined)).toBe('ar');
    // Anything else is ignored, never echoed into the page.
    expect(pageLanguage('fr', 'de')).toBe('ar');
    expect(pageLanguage('"><script>', 'en')).toBe('en');
  });

  it('answers / with the prerendered landing of its language and every other page with the shell', () => {
    expect(pageAsset('/', 'ar')).toBe('/');
    expect(pageAsset('/', 'en')).toBe('/index-en');
    expect(pageAsset('/login', 'ar')).toBe('/shell');
    expect(pageAsset('/admin/bookings', 'en')).toBe('/shell-en');
  });

  it("allows a page's inline styles by their hashes, never a comment's words", async () => {
    const html =
      '<head><!-- an inline <style> would be blocked --><style>body{color:red}</style></head><body></body>';
    expect(await inlineStyleHashes(html)).toEqual(["'sha256-FcQqt3aNlV7AZnGV4zkQRVeCeJOxbMPnQSx258L803E='"]);
    expect(await inlineStyleHashes('<head></head>')).toEqual([]);
  });

  it("allows a page's inline scripts by their hashes: not a file's, a data block's or a comment's", async () => {
    const html =
      '<head><meta charset="UTF-8" /><script>fetch("/api/auth/me")</script>' +
      '<!-- <script>alert(1)</script> --><script type="module" crossorigin src="/assets/index.js"></script>' +
      '</head><body><script type="application/ld+json">{"@type":"Hotel"}</script></body>';
    // echo -n 'fetch("/api/auth/me")' | openssl dgst -sha256 -binary | base64
    expect(await inlineScriptHashes(html)).toEqual(["'sha256-N7Lg1XnwSpraWNviNMdWMEUIjV3sVF8S2E6Ta5shtEQ='"]);
    expect(await inlineScriptHashes('<script type="module">import("/a.js")</script>')).toHaveLength(1);
    expect(await inlineScriptHashes('<head></head>')).toEqual([]);
  });
});

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

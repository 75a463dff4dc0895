import { describe, expect, it } from 'vitest';
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

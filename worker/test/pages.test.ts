import { describe, expect, it } from 'vitest';
import { inlineStyleHashes, pageAsset, pageLanguage } from '../src/modules/catalog/pages';

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
});

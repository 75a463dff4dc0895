import { describe, expect, it } from 'vitest';
import { pageAsset, pageLanguage } from '../src/modules/catalog/pages';

/** Issue 17, language links: which language and which built file a page is answered with. */
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
});

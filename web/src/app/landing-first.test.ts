import { describe, expect, it } from 'vitest';
import { landingStart } from './landing-first';

/** The landing page's first script's decision, before anything is painted (decision 099). */
describe('landingStart', () => {
  const visit = { served: 'ar', search: '', stored: null, cookie: '', role: null };

  it('shows the page served when nothing else is known or asked', () => {
    expect(landingStart(visit)).toEqual({ kind: 'show' });
    expect(landingStart({ ...visit, stored: 'ar' })).toEqual({ kind: 'show' });
    expect(landingStart({ ...visit, served: 'en', stored: 'en', cookie: 'lang=en' })).toEqual({
      kind: 'show',
    });
  });

  it('asks again in the stored language when the page came in the other one', () => {
    expect(landingStart({ ...visit, stored: 'en' })).toEqual({ kind: 'language', language: 'en' });
    expect(landingStart({ ...visit, served: 'en', stored: 'ar', cookie: 'lang=en' })).toEqual({
      kind: 'language',
      language: 'ar',
    });
    expect(landingStart({ ...visit, stored: 'en', search: '?quick=true' })).toEqual({
      kind: 'language',
      language: 'en',
    });
  });

  it('never asks again when a language link decides, the cookie already says it, or the stored value is not a language', () => {
    expect(landingStart({ ...visit, stored: 'en', search: '?lang=ar' })).toEqual({ kind: 'show' });
    // (The cookie says English and still the Arabic page came: a copy that did not read it.)
    expect(landingStart({ ...visit, stored: 'en', cookie: 'a=1; lang=en' })).toEqual({ kind: 'show' });
    expect(landingStart({ ...visit, stored: 'fr' })).toEqual({ kind: 'show' });
  });

  it('sends ?admin=true to the back office of a role the app last knew, with a session', () => {
    const staff = { ...visit, search: '?admin=true', cookie: 'signed_in=1', role: 'staff' };
    expect(landingStart(staff)).toEqual({ kind: 'back-office', to: '/admin' });
    expect(landingStart({ ...staff, role: 'admin' })).toEqual({ kind: 'back-office', to: '/admin' });
    expect(landingStart({ ...staff, role: 'housekeeper' })).toEqual({
      kind: 'back-office',
      to: '/housekeeping/tasks',
    });
    expect(landingStart({ ...staff, role: 'outlet' })).toEqual({ kind: 'back-office', to: '/outlet' });
    expect(landingStart({ ...staff, role: 'maintenance' })).toEqual({
      kind: 'back-office',
      to: '/admin/work-orders',
    });
  });

  it('leaves ?admin=true to the app for a guest, an unknown role or no session', () => {
    const asked = { ...visit, search: '?admin=true', cookie: 'signed_in=1' };
    expect(landingStart({ ...asked, role: 'guest' })).toEqual({ kind: 'show' });
    expect(landingStart({ ...asked, role: null })).toEqual({ kind: 'show' });
    expect(landingStart({ ...asked, role: 'superuser' })).toEqual({ kind: 'show' });
    expect(landingStart({ ...asked, cookie: '', role: 'staff' })).toEqual({ kind: 'show' });
    expect(landingStart({ ...asked, cookie: 'signed_in=0', role: 'staff' })).toEqual({ kind: 'show' });
  });
});

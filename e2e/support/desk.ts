import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** Helpers of the front-desk journeys (staff-desk and booking-journey specs). */

export const STAFF = { email: 'staff@example.com', password: 'change-me-staff' };

export function uniqueSuffix() {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * A stay far in the future, different for every call, so parallel tests never
 * compete for the same nights (each night of a booking holds one room).
 */
export function farStay(nights = 2) {
  const start = new Date(Date.UTC(2031, 0, 1));
  start.setUTCDate(start.getUTCDate() + Math.floor(Math.random() * 1800));
  const end = new Date(start);
  end.setUTCDate(end.getUTCDate() + nights);
  return { checkInDate: start.toISOString().slice(0, 10), checkOutDate: end.toISOString().slice(0, 10) };
}

export function bookingBody(fullName: string, extra: Record<string, unknown> = {}) {
  return {
    fullName,
    phoneNumber: `9${Math.floor(1_000_000 + Math.random() * 8_999_999)}`,
    idNumber: `ID${Math.floor(100_000 + Math.random() * 899_999)}`,
    roomType: 'gold',
    bedType: 'double',
    smokingPreference: 'non_smoking',
    numberOfGuests: 2,
    ...farStay(),
    ...extra,
  };
}

/** POST /api/booking-submissions; the created booking. */
export async function createBooking(request: APIRequestContext, body: Record<string, unknown>) {
  const res = await request.post('/api/booking-submissions', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).booking as { id: number; status: string; fullName: string };
}

/**
 * Staff signed in through the API (the page's context gets the session cookie): for journeys
 * about what staff do, not about the login screen, which booking-journey and account test.
 */
export async function staffSignsIn(page: Page) {
  const login = await page.request.post('/api/auth/login', { data: STAFF });
  expect(login.ok(), await login.text()).toBe(true);
}

/** Staff log in through the login screen, in the page's language. */
export async function staffLogsIn(page: Page, labels: { email: string; password: string; submit: string }) {
  await page.goto('/login');
  await page.getByLabel(labels.email).fill(STAFF.email);
  await page.getByLabel(labels.password, { exact: true }).fill(STAFF.password);
  await page.getByRole('button', { name: labels.submit, exact: true }).click();
  // Staff land on the back office.
  await expect(page).toHaveURL('/admin');
}

/**
 * A stay made, approved and checked in through the API (the desk's first steps, when they are not
 * what the journey is about): the booking as created, with the room it was checked into.
 */
export async function stayInHouse<T extends { id: number }>(
  request: APIRequestContext,
  body: Record<string, unknown>,
): Promise<T & { room: { id: number; number: string } }> {
  const created = (await createBooking(request, body)) as unknown as T;
  const approved = await request.patch(`/api/booking-submissions/${created.id}/status`, {
    data: { status: 'approved' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  const checkedIn = await request.post(`/api/booking-submissions/${created.id}/check-in`, {
    data: { confirmNotClean: true },
  });
  expect(checkedIn.ok(), await checkedIn.text()).toBe(true);
  const { room } = (await checkedIn.json()) as { room: { id: number; number: string } };
  return { ...created, room };
}

export const ARABIC_LOGIN = { email: 'البريد الإلكتروني', password: 'كلمة المرور', submit: 'تسجيل الدخول' };
export const ENGLISH_LOGIN = { email: 'E-mail', password: 'Password', submit: 'Log in' };

/**
 * Records every audio play instead of sounding (headless Chromium may refuse
 * autoplay): `window.__plays` lists the source and volume of each.
 */
export async function recordSounds(page: Page) {
  await page.addInitScript(() => {
    const plays: { src: string; volume: number }[] = [];
    (window as unknown as { __plays: typeof plays }).__plays = plays;
    HTMLMediaElement.prototype.play = function play(this: HTMLMediaElement) {
      plays.push({ src: this.src, volume: this.volume });
      return Promise.resolve();
    };
  });
}

export function soundsPlayed(page: Page) {
  return page.evaluate(() => (window as unknown as { __plays: { src: string; volume: number }[] }).__plays);
}

/** Today in Asia/Muscat (the hotel's day) plus `offsetDays`, as YYYY-MM-DD. */
export function muscatDay(offsetDays = 0) {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Muscat' }).format(new Date());
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offsetDays);
  return d.toISOString().slice(0, 10);
}

/** Types a YYYY-MM-DD date into a react-aria date field (day, month and year segments, in any order). */
export async function fillDate(page: Page, label: string, iso: string) {
  const [year, month, day] = iso.split('-') as [string, string, string];
  const segments = page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton');
  // (The booking form draws its stay's part in the render after its first screen.)
  await segments.first().waitFor();
  const count = await segments.count();
  for (let i = 0; i < count; i++) {
    const segment = segments.nth(i);
    const name = (await segment.getAttribute('aria-label')) ?? '';
    const value = /day|يوم/i.test(name) ? day : /month|شهر/i.test(name) ? month : year;
    await segment.click();
    await page.keyboard.type(value);
  }
}

/** The booking form's range of dates, by language. */
export const STAY_LABEL = { ar: 'تاريخا الوصول والمغادرة', en: 'Check-in and check-out dates' } as const;

/**
 * Types a stay into a react-aria date range field: check-in's day, month and year segments,
 * then check-out's (any order of segments within each).
 */
export async function fillStay(page: Page, label: string, from: string, to: string) {
  const segments = page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton');
  // (The booking form draws its stay's part in the render after its first screen.)
  await segments.first().waitFor();
  const count = await segments.count();
  for (let i = 0; i < count; i++) {
    const [year, month, day] = (i < count / 2 ? from : to).split('-') as [string, string, string];
    const segment = segments.nth(i);
    const name = (await segment.getAttribute('aria-label')) ?? '';
    await segment.click();
    await page.keyboard.type(/day|يوم/i.test(name) ? day : /month|شهر/i.test(name) ? month : year);
  }
}

/** Picks a react-aria radio option by pressing its visible card (the input itself is hidden). */
export async function choose(scope: Locator, name: { name: string | RegExp; exact?: boolean }) {
  await scope.locator('label', { has: scope.page().getByRole('radio', name) }).click();
  await expect(scope.getByRole('radio', name)).toBeChecked();
}

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChainGuest, ChainHotel } from '@shared/chain-schemas';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { ChainGuestsSection } from './chain-guests-section';

/**
 * "Guests across the hotels" on /admin/chain: the index's rows (one per account and hotel) shown
 * one card per account, each hotel by its name in the page's language with the account's role
 * there, the phone as typed and isolated left to right; the search leaves from two characters,
 * Arabic-Indic digits as Latin ones; nothing found and a refusal said in the page's language.
 * The API stands in for the server (worker/src/modules/chain/managers.test.ts and the index's own
 * tests check the server).
 */

const hotel = (code: string, nameEn: string, nameAr: string): ChainHotel => ({
  code,
  nameEn,
  nameAr,
  cityAr: '',
  cityEn: '',
  photo: null,
  host: null,
  origin: `http://${code}.localhost`,
  current: code === 'muscat',
});
const HOTELS = [
  hotel('muscat', 'Al Maabila Hotel', 'فندق المعبيلة'),
  hotel('salalah', 'Salalah Beach Hotel', 'فندق شاطئ صلالة'),
];
const ROWS: ChainGuest[] = [
  { hotel: 'muscat', email: 'maha42@example.com', fullName: 'Maha Al Balushi', role: 'guest', phone: null },
  {
    hotel: 'salalah',
    email: 'maha42@example.com',
    fullName: 'Maha Al Balushi',
    role: 'staff',
    phone: '+968 9123 4567',
  },
  { hotel: 'salalah', email: 'majid@example.com', fullName: 'Majid Said', role: 'guest', phone: null },
];

let answer: { status: number; body: unknown } = { status: 200, body: { results: ROWS } };
const searched: string[] = [];

beforeEach(() => {
  searched.length = 0;
  answer = { status: 200, body: { results: ROWS } };
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/hotels') return json(200, { hotels: HOTELS });
    searched.push(url.searchParams.get('q') ?? '');
    return json(answer.status, answer.body);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <ChainGuestsSection />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return screen.getByRole('searchbox');
}

const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ');

describe('Guests across the hotels', () => {
  it.each([
    ['en', 'Al Maabila Hotel', 'Salalah Beach Hotel', 'Front desk', 'Guest', '2 accounts found'],
    ['ar', 'فندق المعبيلة', 'فندق شاطئ صلالة', 'موظف استقبال', 'ضيف', 'حسابان مطابقان'],
  ] as const)(
    'shows an account once with each hotel it is known at and its role there (%s)',
    async (language, muscat, salalah, staff, guest, found) => {
      const field = show(language);
      expect(
        screen.getByRole('searchbox', {
          name: language === 'en' ? 'Find an account of the chain' : 'ابحث عن حساب في السلسلة',
        }),
      ).toBe(field);
      fireEvent.change(field, { target: { value: 'ma' } });
      const cards = await screen.findAllByTestId('chain-guest');
      expect(text(screen.getByRole('status'))).toContain(found);
      expect(cards).toHaveLength(2);
      const maha = cards.find((c) => c.dataset.email === 'maha42@example.com')!;
      expect(text(maha)).toContain('Maha Al Balushi');
      const hotels = within(maha).getAllByTestId('chain-guest-hotel');
      expect(hotels.map(text)).toEqual([`${muscat} · ${guest}`, `${salalah} · ${staff}`]);
      // The phone as typed, isolated left to right inside the Arabic page.
      const phone = within(maha).getByTestId('chain-guest-phone');
      expect(phone.tagName).toBe('BDI');
      expect(phone.getAttribute('dir')).toBe('ltr');
      expect(phone.textContent).toBe('+968 9123 4567');
      expect(
        within(cards.find((c) => c.dataset.email === 'majid@example.com')!).queryByTestId(
          'chain-guest-phone',
        ),
      ).toBeNull();
      expect(searched).toEqual(['ma']);
    },
  );

  it('searches from two characters, with Arabic-Indic digits as Latin ones', async () => {
    const field = show('ar');
    fireEvent.change(field, { target: { value: 'm' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(searched).toEqual([]);
    expect(screen.queryByTestId('chain-guest')).toBeNull();
    fireEvent.change(field, { target: { value: ' maha٤٢ ' } });
    await screen.findAllByTestId('chain-guest');
    expect(searched).toEqual(['maha42']);
  });

  it('says nothing matched, and a refusal in the page’s language with a way to try again', async () => {
    answer = { status: 200, body: { results: [] } };
    const field = show('en');
    fireEvent.change(field, { target: { value: 'zz' } });
    await screen.findByText('No account of the chain matches this search.');
    cleanup();

    answer = { status: 403, body: { error: { code: 'forbidden', message: 'ليس لديك صلاحية لهذا الإجراء' } } };
    fireEvent.change(show('ar'), { target: { value: 'zz' } });
    const alert = await screen.findByRole('alert');
    expect(text(alert)).toContain('ليس لديك صلاحية لهذا الإجراء');
    within(alert).getByRole('button', { name: 'حاول مرة أخرى' });
  });
});

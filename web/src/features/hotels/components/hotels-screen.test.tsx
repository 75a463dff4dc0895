// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChainAvailabilityHotel, ChainHotel } from '@shared/chain-schemas';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { HotelsScreen } from './hotels-screen';

// The API stands in for the server (only in this unit test; the worker's chain tests answer for it).
const muscat: ChainHotel = {
  code: 'muscat',
  nameAr: 'فندق المعبيلة',
  nameEn: 'Al Maabila Hotel',
  cityAr: 'مسقط',
  cityEn: 'Muscat',
  photo: null,
  host: 'muscat.localhost',
  origin: 'http://muscat.localhost:8787',
  current: true,
};
const salalah: ChainHotel = {
  ...muscat,
  code: 'salalah',
  nameAr: 'فندق شاطئ صلالة',
  nameEn: 'Salalah Beach Hotel',
  cityAr: 'صلالة',
  cityEn: 'Salalah',
  host: 'salalah.localhost',
  origin: 'http://salalah.localhost:8787',
  current: false,
};
const type = (code: string, available: number, priceBaisa: number | null) => ({
  code,
  nameAr: code === 'gold' ? 'الغرفة الذهبية' : 'الغرفة الفضية',
  nameEn: code === 'gold' ? 'Gold Room' : 'Silver Room',
  available,
  priceBaisa,
});
const availability: ChainAvailabilityHotel[] = [
  { hotel: muscat, roomTypes: [type('gold', 3, 26_400), type('silver', 0, 25_200)] },
  { hotel: salalah, roomTypes: [type('gold', 2, 31_250)] },
];
let asked: string[] = [];

beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    asked.push(`${url.pathname}${url.search}`);
    const body = url.pathname === '/api/hotels' ? { hotels: [muscat, salalah] } : { hotels: availability };
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
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
        <HotelsScreen />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('/hotels', () => {
  it('lists the chain’s hotels, the current one marked and the others a link to their own address', async () => {
    show('en');
    const list = await screen.findByTestId('hotel-list');
    const here = list.querySelector('[data-hotel="muscat"]') as HTMLElement;
    expect(within(here).getByText('You are at this hotel')).toBeTruthy();
    const other = within(list.querySelector('[data-hotel="salalah"]') as HTMLElement).getByRole('link');
    expect(other.getAttribute('href')).toBe('http://salalah.localhost:8787/');
    expect(other.textContent).toBe('Go to Salalah Beach Hotel');
  });

  it.each([
    ['en', 'Salalah Beach Hotel', 'OMR 31.250', '2 left'],
    ['ar', 'فندق شاطئ صلالة', '٣١٫٢٥٠', 'المتبقي: ٢'],
  ] as const)(
    'searches every hotel and shows each side by side (%s)',
    async (language, name, price, left) => {
      show(language);
      await screen.findByTestId('hotel-list');
      fireEvent.click(screen.getByRole('button', { name: language === 'ar' ? 'بحث' : 'Search' }));
      const results = await screen.findByTestId('chain-availability');
      expect(asked.some((a) => a.startsWith('/api/chain/availability?') && a.includes('adults=2'))).toBe(
        true,
      );
      const salalahCard = within(results).getByRole('article', { name });
      expect(salalahCard.textContent?.replace(/\s/g, ' ')).toContain(price);
      expect(salalahCard.textContent).toContain(left);
      // A type with no room left is not offered.
      const muscatCard = results.querySelector('[data-hotel="muscat"]') as HTMLElement;
      expect(muscatCard.textContent).not.toContain(language === 'ar' ? 'الغرفة الفضية' : 'Silver Room');
    },
  );
});

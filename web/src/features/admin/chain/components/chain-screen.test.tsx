// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChainDayFigures, ChainHotel, ChainReport } from '@shared/chain-schemas';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { ChainScreen } from './chain-screen';

// The API stands in for the server (only in this unit test; worker/src/modules/chain/reports.test.ts
// checks the figures themselves): two hotels' closed days and the chain's total.
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
const figures = (room: number, fnb: number, sold: number, forSale: number): ChainDayFigures => ({
  revenueBaisa: { room, fnb },
  taxesBaisa: {},
  paymentsBaisa: {},
  refundsBaisa: {},
  roomChargesBaisa: 0,
  roomsSold: sold,
  roomsForSale: forSale,
  occupancy: sold / forSale,
  adrBaisa: Math.round(room / sold),
  revparBaisa: Math.round(room / forSale),
  noShows: 0,
  totalRevenueBaisa: room + fnb,
});
const report = (period: string): ChainReport => ({
  period,
  hotels: [
    {
      hotel: hotel('muscat', 'Al Maabila Hotel', 'فندق المعبيلة'),
      closedDays: 1,
      days: 1,
      ...figures(151_092, 8_000, 13, 60),
    },
    {
      hotel: hotel('salalah', 'Salalah Beach Hotel', 'فندق شاطئ صلالة'),
      closedDays: 1,
      days: 1,
      ...figures(90_000, 2_500, 5, 40),
    },
  ],
  total: { ...figures(241_092, 10_500, 18, 100), closedDays: 2 },
});

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    // The sections below the reports (their own tests: chain-guests-section, chain-managers-section).
    const body =
      url.pathname === '/api/admin/chain/managers'
        ? { managers: [], canGrant: false }
        : report(url.searchParams.get('date') ?? url.searchParams.get('month') ?? '');
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
  client.setQueryData(authKeys.me(), { id: 1, fullName: 'Maha', email: 'admin@example.com', role: 'admin' });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <ChainScreen />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const rowText = (table: HTMLElement, code: string) =>
  (table.querySelector(`[data-hotel="${code}"]`)?.textContent ?? '').replace(/\s/g, ' ');

describe('/admin/chain', () => {
  it.each([
    ['en', 'Salalah Beach Hotel', 'The chain', 'OMR 251.592', '18 / 100'],
    ['ar', 'فندق شاطئ صلالة', 'السلسلة', '٢٥١٫٥٩٢', '١٨ / ١٠٠'],
  ] as const)(
    'shows each hotel and the chain’s total, every figure in the page’s digits (%s)',
    async (language, salalah, chain, total, sold) => {
      show(language);
      const flash = await screen.findByTestId('chain-flash');
      await screen.findByTestId('chain-month');
      expect(rowText(flash, 'salalah')).toContain(salalah);
      const totalRow = rowText(flash, 'total');
      expect(totalRow).toContain(chain);
      expect(totalRow).toContain(total);
      expect(totalRow).toContain(sold);
      // A column per department the hotels had revenue in.
      expect(flash.querySelectorAll('thead th').length).toBe(9);
    },
  );
});

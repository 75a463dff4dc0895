// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayCloseReport } from '@shared/day-close';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { DayCloseScreen } from './day-close-screen';

// The API stands in for the server (only in this unit test): an open day's report with one outlet.
const report: DayCloseReport = {
  date: '2026-11-20',
  closed: false,
  closedAt: null,
  closedBy: null,
  revenueBaisa: {},
  taxesBaisa: {},
  roundingBaisa: 0,
  paymentsBaisa: {},
  refundsBaisa: {},
  transfersBaisa: 0,
  cityLedgerPaymentsBaisa: {},
  inHouseBalanceBaisa: 0,
  cityLedgerBalanceBaisa: 0,
  roomsSold: 0,
  roomsForSale: 40,
  occupancy: 0,
  adrBaisa: 0,
  roomChargesBaisa: 0,
  noShows: 0,
  onlinePayments: [],
  extrasRevenueBaisa: { upgrade: 21_000, transfer: 11_429 },
  outlets: [
    {
      outletId: 3,
      nameAr: 'مقهى الواحة',
      nameEn: 'Oasis Café',
      checks: 2,
      revenueBaisa: 7_466,
      taxesBaisa: { tourism_levy: 363, vat: 471 },
      toRoomsBaisa: 0,
      paidBaisa: 8_300,
      paymentsBaisa: { cash: 5_300, card: 3_000 },
      voidedBaisa: 0,
    },
  ],
} as DayCloseReport;

// The tax report as the server answers it: before the close, the month's levy on 10.000; the close
// posts the night's rooms (a line of 20.000 more), and the report then says so.
let closed = false;
const taxRows = () => [
  {
    month: '2026-11',
    code: 'tourism_levy',
    baseBaisa: closed ? 30_000 : 10_000,
    amountBaisa: closed ? 1_200 : 400,
  },
];

beforeEach(() => {
  closed = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    let body: unknown;
    if (request.method === 'POST' && url.pathname === '/api/admin/day-close') {
      closed = true;
      body = { message: 'Closed', report: { ...report, closed: true, closedAt: '2026-11-21T00:00:00Z' } };
    } else if (url.pathname.startsWith('/api/admin/day-close/')) {
      body = report;
    } else {
      body = { from: '2026-01', to: '2026-12', rows: taxRows() };
    }
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
  client.setQueryData(authKeys.me(), { id: 1, fullName: 'Maha', email: 'm@example.com', role: 'manager' });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <DayCloseScreen />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('/admin/day-close, an outlet’s day', () => {
  it.each([
    ['en', 'Paid at the outlet: Cash', 'Paid at the outlet: Card'],
    ['ar', 'المدفوع في المنفذ: نقدًا', 'المدفوع في المنفذ: بطاقة'],
  ] as const)('gives what was paid there by method (%s)', async (language, cash, card) => {
    show(language);
    const outlet = await screen.findByTestId('day-close-outlet');
    const text = outlet.textContent ?? '';
    expect(text).toContain(language === 'ar' ? 'مقهى الواحة' : 'Oasis Café');
    expect(within(outlet).getByText(cash)).toBeTruthy();
    expect(within(outlet).getByText(card)).toBeTruthy();
  });
});

describe('/admin/day-close, right after the close', () => {
  it('shows the tax report with the night the close posted, without a reload', async () => {
    show('en');
    const taxes = await screen.findByTestId('tax-report');
    await waitFor(() => expect(taxes.textContent).toContain('10.000'));
    fireEvent.click(await screen.findByTestId('day-close-start'));
    fireEvent.click(await screen.findByTestId('day-close-confirm'));
    await waitFor(() => expect(taxes.textContent).toContain('30.000'));
    expect(taxes.textContent).toContain('1.200');
    expect(taxes.textContent).not.toContain('10.000');
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountsAnswer, JournalMonth } from '@shared/accounting';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { defaultJournalMonth } from '../api/accounting';
import { AccountingScreen } from './accounting-screen';

// The API stands in for the server (only in this unit test): three days of the month before this
// one (closed, closed with an outlet that has no account, open), and the accounts.
const month = defaultJournalMonth();
const accounts: AccountsAnswer = {
  journal: 'MISC',
  accounts: [
    { category: 'room', account: '400101', name: 'Sales Account', isDefault: true },
    { category: 'payment:cash', account: '100901', name: 'Cash', isDefault: true },
    {
      category: 'outlet:3',
      account: '',
      name: '',
      isDefault: true,
      subject: { ar: 'مقهى الواحة', en: 'Oasis Café' },
    },
  ],
};
let days: JournalMonth;
const sent: { method: string; path: string }[] = [];

beforeEach(() => {
  days = {
    month,
    days: [
      { date: `${month}-01`, state: 'closed', debitBaisa: 38_000, missing: [] },
      { date: `${month}-02`, state: 'unmapped', debitBaisa: 12_500, missing: ['outlet:3'] },
      { date: `${month}-03`, state: 'open', debitBaisa: 0, missing: [] },
    ],
  };
  sent.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    sent.push({ method: request.method, path: url.pathname });
    const body = url.pathname.endsWith('/days') ? days : accounts;
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
        <AccountingScreen />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('/admin/accounting', () => {
  it.each([
    ['en', 'Closed, accounts missing', 'Sold at the outlet: Oasis Café', 'A closed day needs this account.'],
    ['ar', 'مغلق، تنقصه حسابات', 'مبيعات المنفذ: مقهى الواحة', 'يحتاج يوم مغلق إلى هذا الحساب.'],
  ] as const)(
    'in %s: each day’s state, the missing account named and marked, a file only for a ready day',
    async (language, badge, outlet, needed) => {
      show(language);
      const table = await screen.findByRole('table');
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['closed', 'unmapped', 'open']);
      expect(within(rows[1]!).getByText(badge)).toBeTruthy();
      expect(within(rows[1]!).getByText(outlet)).toBeTruthy();
      const links = within(table).getAllByRole('link');
      expect(links.map((a) => a.getAttribute('href'))).toEqual([
        `/api/admin/accounting/journal?date=${month}-01&format=csv`,
      ]);
      // The month's file waits for every day.
      expect(screen.queryByTestId('journal-month-csv')).toBeNull();
      const row = (await screen.findByTestId('accounts-form')).querySelector('[data-category="outlet:3"]')!;
      expect(within(row as HTMLElement).getByText(needed)).toBeTruthy();
    },
  );

  it('offers the month in one file once every day is closed with its accounts, in detail when asked', async () => {
    days.days = days.days.map((d) => ({ ...d, state: 'closed', missing: [] }));
    show('en');
    const link = await screen.findByTestId('journal-month-csv');
    expect(link.getAttribute('href')).toBe(
      `/api/admin/accounting/journal?from=${month}-01&to=${month}-03&format=csv`,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'One line per folio line (detail)' }));
    expect(screen.getByTestId('journal-month-csv').getAttribute('href')).toContain('&detail=1');
  });

  it('refuses an account code that is not one on the device, in Arabic, and sends nothing', async () => {
    show('ar');
    const form = await screen.findByTestId('accounts-form');
    const cash = within(form).getByRole('group', { name: 'مقبوض: نقدًا' });
    const code = within(cash).getByRole('textbox', { name: 'رمز الحساب' });
    fireEvent.change(code, { target: { value: '100 901' } });
    fireEvent.submit(form);
    expect(
      await within(form).findByText('رمز الحساب حروف وأرقام ونقاط، كما يكتبه دليل الحسابات'),
    ).toBeTruthy();
    expect(sent.filter((s) => s.method === 'PUT')).toEqual([]);
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { folioKeys, type Folio } from '@/entities/folio/get-folio';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { invoiceQueryOptions } from '../../api/get-invoice';
import type { ManagedBooking } from '../../api/managed-booking';
import { BillSection } from './bill-section';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// The bill as this device last read it: a room night on tax invoice 31.
const folio = {
  balanceBaisa: 0,
  lines: [
    {
      id: 1,
      kind: 'charge',
      department: 'room',
      method: null,
      description: '',
      quantity: 1,
      amountBaisa: 13_200,
      netBaisa: 12_110,
      taxes: [],
      businessDate: '2026-11-26',
      night: '2026-11-25',
      invoiceId: 31,
      correctsLineId: null,
      refundsLineId: null,
      cityLedgerAccountId: null,
      reason: null,
      approvalCode: null,
      createdAt: '2026-11-26T10:00:00.000Z',
    },
  ],
} as unknown as Folio;

// The invoice's rounding of its taxes, booked on the folio with it (decision 068, "One truth"): a
// baisa of the levy moved to VAT, nothing to pay.
const rounding = {
  ...folio.lines[0]!,
  id: -4,
  kind: 'rounding',
  amountBaisa: 0,
  netBaisa: 0,
  night: null,
  taxes: [
    { code: 'tourism_levy', amountBaisa: -1 },
    { code: 'vat', amountBaisa: 1 },
  ],
} as unknown as Folio['lines'][number];

function show(language: 'ar' | 'en', shown: Folio = folio) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(folioKeys.detail(7), shown);
  client.setQueryData(invoiceQueryOptions(31).queryKey, {
    id: 31,
    kind: 'invoice',
    number: 'INV-2026-000031',
    totalBaisa: 13_200,
  } as never);
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <BillSection booking={{ id: 7 } as ManagedBooking} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the bill’s invoices', () => {
  it('online: a link to each document’s printable page', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    show('en');
    const link = screen.getByRole('link', { name: /Tax invoice INV-2026-000031/ });
    expect(link.getAttribute('href')).toBe('/invoices/31');
    expect(screen.queryByTestId('invoices-offline')).toBeNull();
  });

  for (const [language, why] of [
    ['en', 'You are offline: connect to the internet to open your invoices.'],
    ['ar', 'لا يوجد اتصال بالإنترنت: اتصل بالإنترنت لتتمكن من فتح فواتيرك.'],
  ] as const) {
    it(`offline: the document is named as last read but is no link, and the bill says why (${language})`, () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      show(language);
      expect(screen.queryByRole('link')).toBeNull();
      expect(screen.getByTestId('booking-invoice-link').textContent).toContain('INV-2026-000031');
      expect(screen.getByTestId('invoices-offline').textContent).toBe(why);
    });
  }
});

describe('the bill’s tax rounding', () => {
  for (const [language, words, taxes] of [
    ['en', 'Tax rounding · Room', /Tourism levy -?OMR\u00a0-?0\.001 · VAT OMR\u00a00\.001/],
    // Arabic: the taxes apart with the Arabic comma; a middle dot after "ر.ع." read "ر.ع.." (the walk).
    ['ar', 'تقريب الضريبة · الغرفة', /رسم السياحة .*٠٫٠٠١\u00a0ر\.ع\.، ضريبة القيمة المضافة ٠٫٠٠١/],
  ] as const) {
    it(`a line of its own, in words, each tax shown though they add up to nothing, the amount 0 (${language})`, () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      show(language, { ...folio, lines: [...folio.lines, rounding] } as Folio);
      const rows = screen.getAllByTestId('folio-line');
      expect(rows.map((r) => r.dataset.kind)).toEqual(['charge', 'rounding']);
      const line = rows[1]!;
      expect(line.textContent).toContain(words);
      expect(line.textContent).toMatch(taxes);
      expect(line.textContent).toContain(language === 'ar' ? '٠٫٠٠٠' : '0.000');
      // One document, the invoice both lines are on.
      expect(screen.getAllByTestId('booking-invoice-link')).toHaveLength(1);
    });
  }
});

// Two coffees of the café's check 12, as the worker names the line: both languages (decision 090).
const coffees = {
  ...folio.lines[0]!,
  id: 2,
  department: 'restaurant',
  night: null,
  invoiceId: null,
  quantity: 2,
  amountBaisa: 3_000,
  description: 'Oasis Café, check 12: Arabic coffee · مقهى الواحة رقم ١٢: قهوة عربية',
  outletCheckId: 12,
} as unknown as Folio['lines'][number];

describe('an outlet’s line on the bill', () => {
  for (const [language, own, other] of [
    ['en', 'Oasis Café, check 12: Arabic coffee', 'مقهى الواحة'],
    ['ar', 'مقهى الواحة رقم ١٢: قهوة عربية', 'Oasis'],
  ] as const) {
    it(`is named in the page’s language only (${language})`, () => {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      show(language, { ...folio, lines: [...folio.lines, coffees] } as Folio);
      const line = screen.getAllByTestId('folio-line')[1]!;
      expect(line.textContent).toContain(own);
      expect(line.textContent).not.toContain(other);
    });
  }
});

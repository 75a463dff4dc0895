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

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(folioKeys.detail(7), folio);
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
    ['ar', 'أنت غير متصل: اتصل بالإنترنت لتتمكن من فتح فواتيرك.'],
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

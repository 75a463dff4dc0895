// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InvoiceListRow } from '@shared/invoice-schemas';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import CreditNoteDialog from './credit-note-dialog';
import { InvoicesScreen } from './invoices-screen';

// The API stands in for the server (only in this unit test: the journeys use the real one):
// the list, one invoice's document, and the credit note's POST (its body kept).
const posted: unknown[] = [];
const keys: (string | null)[] = [];
/** The list's requests' queries, in order. */
const listed: URLSearchParams[] = [];
const row = (over: Partial<InvoiceListRow>): InvoiceListRow => ({
  id: 1,
  kind: 'invoice',
  series: 'INV',
  number: 'INV-2026-000001',
  issueDate: '2026-11-20',
  bookingId: 7,
  bookingReference: 'K7MQ4PX',
  customerName: 'Salim Al Harthy',
  totalBaisa: 16_600,
  creditsInvoiceNumber: null,
  creditNoteNumber: null,
  creditedBaisa: 0,
  outletCheckId: null,
  outletNameAr: null,
  outletNameEn: null,
  ...over,
});
/** A check paid at the café (OUT), voided by its credit note (OCN): the outlet's documents. */
const outlet = { bookingId: null, bookingReference: null, customerName: '', outletCheckId: 41 } as const;
const outletRows = [
  row({
    ...outlet,
    id: 41,
    series: 'OUT',
    number: 'OUT-2026-000009',
    totalBaisa: 3_000,
    creditNoteNumber: 'OCN-2026-000002',
    creditedBaisa: 3_000,
    outletNameAr: 'مقهى الواحة',
    outletNameEn: 'Oasis Café',
  }),
  row({
    ...outlet,
    id: 41,
    kind: 'credit_note',
    series: 'OCN',
    number: 'OCN-2026-000002',
    totalBaisa: 3_000,
    creditsInvoiceNumber: 'OUT-2026-000009',
    outletNameAr: 'مقهى الواحة',
    outletNameEn: 'Oasis Café',
  }),
];
const rows = [
  row({ id: 3, number: 'INV-2026-000003', creditNoteNumber: 'CN-2026-000002', creditedBaisa: 1_660 }),
  row({
    id: 2,
    number: 'INV-2026-000002',
    totalBaisa: 5_000,
    creditNoteNumber: 'CN-2026-000001',
    creditedBaisa: 5_000,
  }),
  row({
    id: 4,
    kind: 'credit_note',
    number: 'CN-2026-000001',
    totalBaisa: 5_000,
    creditsInvoiceNumber: 'INV-2026-000002',
  }),
];
const document = {
  id: 3,
  kind: 'invoice',
  number: 'INV-2026-000003',
  lines: [
    {
      folioLineId: 31,
      department: 'room',
      description: 'Room 204',
      quantity: 1,
      businessDate: '2026-11-19',
      netBaisa: 11_600,
      taxes: [],
      amountBaisa: 12_600,
    },
    {
      folioLineId: 32,
      department: 'breakfast',
      description: '',
      quantity: 1,
      businessDate: '2026-11-19',
      netBaisa: 3_700,
      taxes: [],
      amountBaisa: 4_000,
    },
    {
      folioLineId: 33,
      department: 'spa',
      description: 'Spa',
      quantity: 1,
      businessDate: '2026-11-19',
      netBaisa: 3_700,
      taxes: [],
      amountBaisa: 4_000,
    },
  ],
  uncreditedBaisa: { '31': 11_340, '32': 3_600, '33': 0 },
  creditNotes: [{ id: 5, number: 'CN-2026-000002', totalBaisa: 1_660 }],
  creditedBaisa: 1_660,
};

beforeEach(() => {
  posted.length = 0;
  keys.length = 0;
  listed.length = 0;
  // jsdom has no CSS.escape, which the dialog's focus handling reads.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const path = url.pathname;
    if (path === '/api/admin/invoices') listed.push(url.searchParams);
    const series = url.searchParams.get('series');
    const all = [...rows, ...outletRows];
    let body: unknown = { invoices: series ? all.filter((r) => r.series === series) : all, nextCursor: null };
    let status = 200;
    if (request.method === 'POST') {
      posted.push(await request.json());
      keys.push(request.headers.get('idempotency-key'));
      status = 201;
      body = {
        message: 'Credit note CN-2026-000003 issued',
        creditNote: { id: 6, number: 'CN-2026-000003' },
      };
    } else if (path === '/api/invoices/3') {
      body = document;
    }
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en', what: 'screen' | 'dialog' = 'screen') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), { id: 1, fullName: 'Maha', email: 'm@example.com', role: 'manager' });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        {what === 'screen' ? <InvoicesScreen /> : <CreditNoteDialog invoice={rows[0]!} onClose={() => {}} />}
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('/admin/invoices', () => {
  it.each(['en', 'ar'] as const)(
    'each action’s accessible name starts with its visible words (axe label-content-name-mismatch), %s',
    async (language) => {
      show(language);
      const table = await screen.findByRole('table');
      const actions = [...within(table).queryAllByRole('link'), ...within(table).queryAllByRole('button')];
      expect(actions.length).toBeGreaterThanOrEqual(9);
      for (const action of actions) {
        const visible = (action.textContent ?? '').trim();
        const name = action.getAttribute('aria-label') ?? visible;
        expect(name.startsWith(visible), `${name} / ${visible}`).toBe(true);
        expect(name).toMatch(/(INV|CN|OUT|OCN)-2026-\d{6}/);
      }
    },
  );

  it('offers a credit note while something is left, by amount or by line, and sends what was chosen', async () => {
    show('en');
    const table = await screen.findByRole('table');
    // The invoice credited in full, and the credit note, have no credit button; the partial one has.
    const credit = within(table).getAllByRole('button', { name: /^Credit note for/ });
    expect(credit.map((b) => b.getAttribute('aria-label'))).toEqual(['Credit note for INV-2026-000003']);
    expect(within(table).getByText(/credited \(latest/)).toBeTruthy();
    cleanup();
    show('en', 'dialog');
    const dialog = await screen.findByTestId('credit-note-dialog');
    expect(dialog.textContent).toContain('14.940');
    // An amount (typed in Arabic-Indic digits).
    fireEvent.click(within(dialog).getByRole('radio', { name: 'An amount' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: /Amount to credit/ }), {
      target: { value: '٢٫٥٠٠' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Goodwill' },
    });
    fireEvent.submit(dialog);
    await waitFor(() => expect(posted).toEqual([{ reason: 'Goodwill', amountBaisa: 2_500 }]));
    // By line: only the lines with something left are offered; none chosen is refused here.
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Some lines' }));
    const lines = await within(dialog).findByTestId('credit-note-lines');
    expect(within(lines).getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'No breakfast' },
    });
    fireEvent.submit(dialog);
    expect(await within(dialog).findByText('Choose at least one line to credit.')).toBeTruthy();
    expect(posted).toHaveLength(1);
    fireEvent.click(within(lines).getByRole('checkbox', { name: /Breakfast/ }));
    fireEvent.submit(dialog);
    await waitFor(() => expect(posted.at(-1)).toEqual({ reason: 'No breakfast', lineIds: [32] }));
    // Each sent with the dialog's Idempotency-Key (a double tap makes one credit note).
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists the outlets’ documents with their outlet, A4 page, receipt and XML, no credit note of the desk’s; filters by series (Arabic)', async () => {
    show('ar');
    const table = await screen.findByRole('table');
    const out = within(table)
      .getAllByTestId('invoice-row')
      .find((r) => r.dataset.number === 'OUT-2026-000009')!;
    expect(out.textContent).toContain('مقهى الواحة');
    expect(out.textContent).toContain('OCN-2026-000002');
    // The A4 page and the 80 mm receipt to print (the worker's pages), and the UBL.
    expect(
      within(out)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/invoices/outlet/41',
      '/invoices/outlet/41/receipt',
      '/api/outlets/checks/41/invoice?format=ubl',
    ]);
    expect(
      within(out)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['افتح للطباعة', 'الإيصال', 'XML']);
    // The desk's credit note is for a stay's invoice: an outlet's is voided at the outlet.
    expect(within(out).queryByRole('button')).toBeNull();
    const ocn = within(table)
      .getAllByTestId('invoice-row')
      .find((r) => r.dataset.number === 'OCN-2026-000002')!;
    expect(
      within(ocn)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/invoices/outlet/41?credit=1', '/api/outlets/checks/41/invoice?format=ubl&credit=1']);
    // Every word of the rows in Arabic (no English left untranslated on them).
    for (const r of [out, ocn]) expect(r.textContent).not.toMatch(/Outlet|voided|paid at/);

    fireEvent.click(screen.getByRole('button', { name: /السلسلة/ }));
    fireEvent.click(await screen.findByRole('option', { name: /OUT/ }));
    fireEvent.click(screen.getByRole('button', { name: /^بحث$|^ابحث$/ }));
    await waitFor(() => expect(listed.at(-1)?.get('series')).toBe('OUT'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table'))
          .getAllByTestId('invoice-row')
          .map((r) => r.dataset.number),
      ).toEqual(['OUT-2026-000009']),
    );
  });
});

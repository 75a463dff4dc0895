// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { labelInNameMismatches } from '@/lib/label-in-name';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import FolioDialog from './folio-dialog';

// The API stands in for the server (only in this unit test: the journeys use the real one): a
// completed stay's folio moved to a company account, then in credit by a credit note.
const posted: { url: string; body: unknown }[] = [];
const line = (id: number, kind: string, amountBaisa: number, over: Record<string, unknown> = {}) => ({
  id,
  kind,
  department: kind === 'charge' || kind === 'correction' ? 'room' : null,
  method: null,
  description: kind === 'charge' || kind === 'correction' ? 'Room 204' : '',
  quantity: 1,
  amountBaisa,
  netBaisa: kind === 'charge' || kind === 'correction' ? amountBaisa : null,
  taxes: [],
  businessDate: '2026-11-20',
  night: null,
  invoiceId: null,
  correctsLineId: null,
  refundsLineId: null,
  cityLedgerAccountId: null,
  reason: null,
  approvalCode: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  ...over,
});
const folio = {
  bookingId: 7,
  balanceBaisa: -3_000,
  expectedBalanceBaisa: -3_000,
  nightsToCome: [],
  lines: [
    line(1, 'charge', 10_000, { invoiceId: 9 }),
    line(2, 'transfer', 10_000, { cityLedgerAccountId: 4 }),
    line(3, 'correction', -3_000, { correctsLineId: 1, invoiceId: 10, reason: 'Late room' }),
  ],
};

let answer: unknown = folio;

beforeEach(() => {
  answer = folio;
  posted.length = 0;
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    if (request.method === 'POST') {
      posted.push({ url: new URL(request.url).pathname, body: await request.json() });
      return new Response(
        JSON.stringify({ message: 'Refund posted', line: line(5, 'refund', 3_000), balanceBaisa: 0 }),
        {
          status: 201,
          headers: { 'content-type': 'application/json' },
        },
      );
    }
    return new Response(JSON.stringify(answer), {
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
        <FolioDialog stay={{ id: 7, fullName: 'Salim' }} onClose={() => {}} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the folio dialog of a stay in credit whose folio went to a company', () => {
  it('moves the credit back to the company account, at most the credit', async () => {
    show('en');
    const dialog = await screen.findByTestId('folio-dialog');
    const move = await within(dialog).findByTestId('folio-move-back');
    expect(move.getAttribute('aria-label')).toMatch(/^Move the credit back: /);
    // Only the transfer moves back; the charge credited in part may still be corrected (the rest).
    expect(within(dialog).queryAllByTestId('folio-move-back')).toHaveLength(1);
    expect(within(dialog).queryAllByTestId('folio-correct')).toHaveLength(1);
    fireEvent.click(move);
    const form = await within(dialog).findByTestId('folio-refund-form');
    expect(form.textContent).toContain('company account');
    expect((within(form).getByRole('textbox', { name: /Amount/ }) as HTMLInputElement).value).toBe('3.000');
    fireEvent.change(within(form).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Credit note' },
    });
    fireEvent.submit(form.querySelector('form') ?? form);
    await waitFor(() =>
      expect(posted).toEqual([
        {
          url: '/api/booking-submissions/7/folio/refunds',
          body: { paymentLineId: 2, amountBaisa: 3_000, reason: 'Credit note' },
        },
      ]),
    );
  });

  it('names the move with its visible words first in Arabic too', async () => {
    show('ar');
    const move = await screen.findByTestId('folio-move-back');
    expect(move.getAttribute('aria-label')!.startsWith((move.textContent ?? '').trim())).toBe(true);
  });
});

describe('the folio’s buttons in Arabic', () => {
  it('name each line in Arabic only, their visible words in their names (axe’s label in name)', async () => {
    // An outlet's check to the room (named in both languages by the worker), a room night, a cash
    // payment that may be refunded.
    answer = {
      ...folio,
      balanceBaisa: 4_500,
      expectedBalanceBaisa: 4_500,
      lines: [
        line(1, 'charge', 4_500, {
          department: 'restaurant',
          outletCheckId: 3,
          description: 'Restaurant · check 12 · Coffee · المطعم · شيك ١٢ · قهوة',
        }),
        line(2, 'charge', 16_200, { description: '', night: '2026-11-19' }),
        line(3, 'payment', 16_200, { method: 'cash', department: null, description: '', netBaisa: null }),
      ],
    };
    show('ar');
    const dialog = await screen.findByTestId('folio-dialog');
    const buttons = [
      ...(await within(dialog).findAllByTestId('folio-correct')),
      ...within(dialog).getAllByTestId('folio-refund'),
    ];
    expect(buttons).toHaveLength(3);
    for (const button of buttons) expect(button.getAttribute('aria-label')).not.toMatch(/[A-Za-z]/);
    expect(buttons[0]!.getAttribute('aria-label')).toContain('قهوة');
    expect(labelInNameMismatches(dialog).join('\n')).toBe('');
  });
});

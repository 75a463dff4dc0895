// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { OutletView } from './outlet-screen';

/**
 * The outlet's tablet: items tapped into the check, a room chosen shows the guest's surname and
 * charges with the check's items and an Idempotency-Key (one key per check, a new one after it
 * went through); a room that takes no charge cannot be chosen and says why; paid by card sends
 * the approval code; a closed outlet settles nothing; a refusal keeps the check and says why; a
 * manager voids a check with a reason. In Arabic and English, as the worker answers.
 */

const toasts: { title: string; description?: string; variant: string }[] = [];
vi.mock('@/components/ui/toast-queue', async (original) => ({
  ...(await original<typeof import('@/components/ui/toast-queue')>()),
  showToast: (content: { title: string; description?: string; variant: string }) => {
    toasts.push(content);
    return () => {};
  },
}));

type Sent = { path: string; body: Record<string, unknown>; key: string | null };
const sent: Sent[] = [];
let refuse: { code: string; message: string } | null = null;
let hours = { opensAt: '00:00', closesAt: '00:00' };
let mayVoid = false;

const screenData = () => ({
  outlet: { id: 3, nameAr: 'مقهى الواحة', nameEn: 'Oasis Café', kind: 'cafe', ...hours, active: true },
  businessDate: '2026-11-27',
  items: [
    { id: 11, nameAr: 'قهوة عربية', nameEn: 'Arabic coffee', priceBaisa: 1_500, department: 'restaurant' },
    { id: 12, nameAr: 'كيكة التمر', nameEn: 'Date cake', priceBaisa: 2_300, department: 'restaurant' },
  ],
  rooms: [
    { roomNumber: '304', surname: 'Busaidi', creditLeftBaisa: 147_000, refusal: null },
    { roomNumber: '305', surname: 'Hinai', creditLeftBaisa: 0, refusal: 'room_credit_exceeded' },
    { roomNumber: '306', surname: 'Flagged', creditLeftBaisa: 150_000, refusal: 'room_guest_flagged' },
  ],
  checks: [
    {
      id: 41,
      checkNumber: '7',
      settlement: 'paid',
      method: 'card',
      roomNumber: null,
      invoiceNumber: 'OUT-2026-000007',
      totalBaisa: 2_300,
      createdAt: '2026-11-27T06:00:00.000Z',
      voided: null,
    },
  ],
  mayVoid,
});

beforeEach(() => {
  sent.length = 0;
  toasts.length = 0;
  refuse = null;
  hours = { opensAt: '00:00', closesAt: '00:00' };
  mayVoid = false;
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (request.method === 'POST') {
      const body = (await request.json()) as Record<string, unknown> & { settle?: { kind: string } };
      sent.push({ path: url.pathname, body, key: request.headers.get('idempotency-key') });
      if (refuse) return answer({ error: refuse }, 409);
      const paid = body.settle?.kind === 'paid';
      return answer(
        {
          message: paid ? 'Check 8 is paid: invoice OUT-2026-000008' : 'Check 8 is charged to room 304',
          check: {
            id: 42,
            checkNumber: '8',
            settlement: paid ? 'paid' : 'room',
            invoiceNumber: paid ? 'OUT-2026-000008' : null,
          },
        },
        201,
      );
    }
    if (url.pathname === '/api/outlets/3') return answer(screenData());
    return answer(null, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen(locale: 'ar' | 'en') {
  i18n.loadAndActivate({ locale, messages: (locale === 'ar' ? ar : en) as never });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <OutletView outletId={3} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return screen.findByTestId('outlet-screen');
}

describe('the outlet’s tablet', () => {
  it('charges two coffees to room 304 in Arabic: the surname to compare, one key per check', async () => {
    const page = await renderScreen('ar');
    fireEvent.click(within(page).getByRole('button', { name: /^قهوة عربية/ }));
    fireEvent.click(within(page).getByRole('button', { name: /^قهوة عربية/ }));
    // The total in Arabic digits, as the one formatter writes money.
    expect(screen.getByTestId('check-total').textContent).toContain('٣٫٠٠٠');
    fireEvent.click(screen.getByTestId('outlet-room-304'));
    expect(screen.getByTestId('outlet-room-guest').textContent).toContain('Busaidi');
    fireEvent.click(screen.getByTestId('charge-room'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('/api/outlets/3/checks');
    expect(sent[0]!.body).toEqual({
      items: [{ itemId: 11, quantity: 2 }],
      settle: { kind: 'room', roomNumber: '304', guestSurname: 'Busaidi' },
    });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(toasts[0]).toMatchObject({ variant: 'success' }));
    // Its receipt to print at once (a check to a room has no tax invoice of its own).
    const settled = await screen.findByTestId('settled-check');
    expect(within(settled).getByTestId('settled-check-receipt').getAttribute('href')).toBe(
      '/invoices/outlet/42/receipt',
    );
    expect(within(settled).getByTestId('settled-check-receipt').textContent).toBe('اطبع الإيصال');
    expect(within(settled).queryByTestId('settled-check-invoice')).toBeNull();
    // The check is cleared; the next one has a key of its own.
    await waitFor(() => expect(screen.queryAllByTestId('check-line')).toHaveLength(0));
    fireEvent.click(within(page).getByRole('button', { name: /^كيكة التمر/ }));
    fireEvent.click(screen.getByTestId('charge-room'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('shows why a room takes no charge, and keeps the check when the server refuses it', async () => {
    await renderScreen('en');
    expect(
      screen.getByTestId('outlet-room-305').hasAttribute('disabled') ||
        screen.getByTestId('outlet-room-305').getAttribute('aria-disabled') === 'true',
    ).toBe(true);
    expect(screen.getByTestId('outlet-rooms').textContent).toContain('No credit left');
    expect(screen.getByTestId('outlet-rooms').textContent).toContain('No charges: see the desk');
    fireEvent.click(screen.getByRole('button', { name: /^Arabic coffee/ }));
    fireEvent.click(screen.getByTestId('outlet-room-304'));
    refuse = { code: 'guest_surname_mismatch', message: 'The surname does not match the guest in this room' };
    fireEvent.click(screen.getByTestId('charge-room'));
    await waitFor(() => expect(toasts[0]).toMatchObject({ variant: 'error', description: refuse!.message }));
    expect(screen.getAllByTestId('check-line')).toHaveLength(1);
    // A retry of the same check carries the same key: the server posts it once.
    refuse = null;
    fireEvent.click(screen.getByTestId('charge-room'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('takes payment by card with the terminal’s approval code', async () => {
    await renderScreen('en');
    fireEvent.click(screen.getByRole('button', { name: /^Date cake/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Paid here' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Card' }));
    fireEvent.change(screen.getByLabelText("The terminal's approval code"), { target: { value: 'A1B2' } });
    fireEvent.click(screen.getByTestId('take-payment'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      items: [{ itemId: 12, quantity: 1 }],
      settle: { kind: 'paid', method: 'card', approvalCode: 'A1B2' },
    });
    // Paid here: its receipt and its tax invoice on the A4 page, each to print.
    const settled = await screen.findByTestId('settled-check');
    expect(within(settled).getByText('Check 8 is paid: invoice OUT-2026-000008')).toBeTruthy();
    expect(within(settled).getByTestId('settled-check-receipt').getAttribute('href')).toBe(
      '/invoices/outlet/42/receipt',
    );
    expect(within(settled).getByTestId('settled-check-invoice').getAttribute('href')).toBe(
      '/invoices/outlet/42',
    );
    // The day's checks each have their receipt, a paid one its A4 page too.
    const day = screen.getByTestId('day-checks');
    expect(
      within(day)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/invoices/outlet/41/receipt', '/invoices/outlet/41']);
  });

  it('settles nothing while the outlet is closed, and says when it opens', async () => {
    const now = new Date();
    const later = (h: number) =>
      `${String((now.getUTCHours() + 4 + h) % 24).padStart(2, '0')}:${String(now.getUTCMinutes()).padStart(2, '0')}`;
    hours = { opensAt: later(2), closesAt: later(3) };
    await renderScreen('en');
    expect(screen.getByTestId('outlet-closed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Date cake/ }));
    fireEvent.click(screen.getByTestId('outlet-room-304'));
    fireEvent.click(screen.getByTestId('charge-room'));
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toHaveLength(0);
  });

  it('lets a manager void a check with a reason; a waiter sees no void', async () => {
    await renderScreen('en');
    expect(within(screen.getByTestId('day-checks')).queryByRole('button', { name: 'Void' })).toBeNull();
    cleanup();
    mayVoid = true;
    await renderScreen('en');
    fireEvent.click(within(screen.getByTestId('day-checks')).getByRole('button', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Why/), { target: { value: 'Rung up twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void the check' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ path: '/api/outlets/checks/41/void', body: { reason: 'Rung up twice' } });
  });
});

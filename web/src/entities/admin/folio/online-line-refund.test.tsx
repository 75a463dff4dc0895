// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentListRow } from '@shared/payment-admin-schemas';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import OnlineLineRefund from './online-line-refund';

// The API stands in for the server: GET answers the booking's sessions, POST answers `postAnswer`.
// Only in this unit test: the journeys use the real server.
let sessions: PaymentListRow[] = [];
let postAnswer: { status: number; body: unknown } = { status: 202, body: {} };
const calls: { method: string; url: string; body?: string; key?: string | null }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const method = request.method;
    calls.push({
      method,
      url: request.url,
      body: method === 'POST' ? await request.text() : undefined,
      key: request.headers.get('idempotency-key'),
    });
    const [status, body] =
      method === 'POST'
        ? [postAnswer.status, postAnswer.body]
        : [200, { payments: sessions, nextCursor: null }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const paid = (over: Partial<PaymentListRow> = {}): PaymentListRow => ({
  sessionId: 12,
  bookingId: 7,
  bookingReference: 'K7MQ4PX',
  bookingStatus: 'confirmed',
  guestName: 'Salim',
  purpose: 'deposit',
  provider: 'fake',
  providerSessionId: 'fake_ses_12',
  providerPaymentId: 'fake_pay_12',
  amountBaisa: 30_000,
  status: 'paid',
  providerStatus: null,
  createdAt: '2026-11-26T03:00:00.000Z',
  settledAt: '2026-11-26T03:01:00.000Z',
  paymentLineId: 41,
  refundedBaisa: 10_000,
  refundPendingBaisa: 5_000,
  flags: [],
  ...over,
});

function show(lineId: number, language: 'ar' | 'en' = 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <OnlineLineRefund bookingId={7} lineId={lineId} onDone={onDone} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return onDone;
}

describe("the folio's refund of an online payment", () => {
  it('finds the line’s checkout and fills in what it has left, in the language’s digits', async () => {
    sessions = [paid({ sessionId: 11, paymentLineId: 40 }), paid()];
    show(41, 'ar');
    const form = await screen.findByTestId('online-refund-form');
    // 30.000 paid, 10.000 refunded, 5.000 on its way: 15.000 left.
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: /المبلغ/ }).value).toBe('١٥٫٠٠٠');
    expect(calls[0]!.url).toMatch(/\/api\/admin\/payments\?booking=7$/);
  });

  it('asks the provider for the refund of that checkout, with a reason and an idempotency key', async () => {
    sessions = [paid()];
    postAnswer = {
      status: 202,
      body: { message: 'Refund requested', refund: { id: 3, amountBaisa: 4_500, status: 'requested' } },
    };
    const onDone = show(41);
    const form = await screen.findByTestId('online-refund-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /Amount/ }), { target: { value: '4.500' } });
    fireEvent.submit(form);
    // A reason is required before anything is sent.
    expect(await within(form).findByText('Say why the payment is refunded')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Agreed discount' },
    });
    fireEvent.submit(form);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/admin\/payments\/12\/refunds$/);
    expect(JSON.parse(post.body!)).toEqual({ amountBaisa: 4_500, reason: 'Agreed discount' });
    expect(post.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses more than is left before asking, and shows the server’s refusal in its words', async () => {
    sessions = [paid()];
    postAnswer = {
      status: 409,
      body: { error: { code: 'refund_exceeds_payment', message: 'More than the payment has left' } },
    };
    show(41);
    const form = await screen.findByTestId('online-refund-form');
    fireEvent.change(within(form).getByRole('textbox', { name: /Amount/ }), { target: { value: '15.001' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Reason/ }), { target: { value: 'x' } });
    fireEvent.submit(form);
    // The amount's field is refused (its error says the most, as its description does).
    const amount = within(form).getByRole('textbox', { name: /Amount/ });
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getAllByText('At most OMR 15.000')).toHaveLength(2);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(form).getByRole('textbox', { name: /Amount/ }), { target: { value: '15.000' } });
    fireEvent.submit(form);
    expect((await within(form).findByTestId('refund-refusal')).textContent).toBe(
      'More than the payment has left',
    );
  });

  it('says so when the line has no checkout of ours', async () => {
    sessions = [paid({ paymentLineId: 40 })];
    show(41);
    expect((await screen.findByRole('alert')).textContent).toContain('online checkout was not found');
    expect(screen.queryByTestId('online-refund-form')).toBeNull();
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { BookingPayments } from '../../api/booking-payments';
import type { ManagedBooking } from '../../api/managed-booking';
import { PaymentSection } from './payment-section';

// The API stands in for the server: each GET answers the next of `answers` (the last one again),
// each POST answers `postAnswer`. Only in this unit test: the journeys use the real server.
let answers: BookingPayments[] = [];
let postAnswer: { status: number; body: unknown } = { status: 201, body: {} };
const calls: { method: string; url: string; body?: string }[] = [];
const assign = vi.fn();
const realLocation = window.location;

beforeEach(() => {
  calls.length = 0;
  answers = [];
  assign.mockReset();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const method = request.method;
    calls.push({ method, url: request.url, body: method === 'POST' ? await request.text() : undefined });
    if (method === 'POST') {
      return new Response(JSON.stringify(postAnswer.body), {
        status: postAnswer.status,
        headers: { 'content-type': 'application/json' },
      });
    }
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return new Response(JSON.stringify(next), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  // The page's address as it is, but leaving for the provider is recorded instead of followed.
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: Object.defineProperties(
      { assign },
      Object.fromEntries(
        ['href', 'origin', 'protocol', 'host', 'hostname', 'port', 'pathname', 'search', 'hash'].map(
          (key) => [key, { get: () => realLocation[key as keyof Location] }],
        ),
      ),
    ),
  });
});
afterEach(() => {
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

const booking = (over: Record<string, unknown> = {}) =>
  ({
    id: 7,
    reference: 'K7MQ4PX',
    status: 'pending',
    isPointsBooking: false,
    cancellationRule: { kind: 'free_until', hours: 24 },
    ...over,
  }) as unknown as ManagedBooking;

const payments = (over: Partial<BookingPayments> = {}): BookingPayments =>
  ({
    depositDueBaisa: 13_200,
    paidBaisa: 0,
    dueNowBaisa: 13_200,
    outstandingBaisa: 66_000,
    purpose: 'deposit',
    onlineAvailable: true,
    sessions: [],
    refunds: [],
    ...over,
  }) as BookingPayments;

const session = (status: 'open' | 'paid' | 'failed' | 'expired') => ({
  id: 5,
  purpose: 'deposit' as const,
  amountBaisa: 13_200,
  status,
  checkoutUrl: '/dev/pay/fake_5',
  createdAt: '2026-11-26T03:00:00.000Z',
  settledAt: status === 'open' ? null : '2026-11-26T03:01:00.000Z',
});

function show(b: ManagedBooking, language: 'ar' | 'en' = 'en', address = '/booking/K7MQ4PX') {
  window.history.replaceState(null, '', address);
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <PaymentSection booking={b} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the booking page’s payment section', () => {
  it('says the deposit due now, what was paid and what is left at the hotel, in Arabic digits', async () => {
    answers = [payments({ paidBaisa: 0 })];
    show(booking(), 'ar');
    const section = await screen.findByTestId('booking-payment');
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('الدفع');
    expect(within(section).getByTestId('payment-due-now').textContent).toContain('١٣٫٢٠٠\u00a0ر.ع.');
    expect(within(section).getByTestId('payment-due-now').textContent).toContain('العربون المستحق الآن');
    // 66.000 in all, 13.200 of it now: 52.800 at the hotel.
    expect(within(section).getByTestId('payment-left').textContent).toContain('٥٢٫٨٠٠\u00a0ر.ع.');
    expect(within(section).queryByTestId('payment-paid')).toBeNull();
    expect(within(section).getByTestId('pay-now').textContent).toContain('١٣٫٢٠٠\u00a0ر.ع.');
    expect(calls[0]!.url).toMatch(/\/api\/booking-submissions\/7\/payments$/);
  });

  it('Pay opens a checkout for the deposit and sends the browser to the provider’s page', async () => {
    answers = [payments()];
    postAnswer = { status: 201, body: { sessionId: 5, checkoutUrl: '/dev/pay/fake_5', amountBaisa: 13_200 } };
    show(booking());
    fireEvent.click(await screen.findByTestId('pay-now'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dev/pay/fake_5'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/booking-submissions\/7\/payments$/);
    expect(JSON.parse(post.body!)).toEqual({ purpose: 'deposit' });
  });

  it('a refusal says the server’s words and sends nobody anywhere', async () => {
    answers = [payments()];
    postAnswer = {
      status: 503,
      body: { error: { code: 'payments_unavailable', message: 'Online payment is not available now' } },
    };
    show(booking());
    fireEvent.click(await screen.findByTestId('pay-now'));
    expect((await screen.findByTestId('pay-refused')).textContent).toBe(
      'Online payment is not available now',
    );
    expect(assign).not.toHaveBeenCalled();
  });

  it('offline: the Pay button is disabled and says why', async () => {
    answers = [payments()];
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    show(booking());
    const pay = await screen.findByTestId('pay-now');
    expect(pay.hasAttribute('disabled') || pay.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(screen.getByTestId('pay-offline').textContent).toContain('offline');
    expect(pay.getAttribute('aria-describedby')).toBe(screen.getByTestId('pay-offline').id);
  });

  it('once the deposit is paid: paid, and the balance may be paid online', async () => {
    answers = [payments({ paidBaisa: 13_200, dueNowBaisa: 0, outstandingBaisa: 52_800, purpose: 'balance' })];
    show(booking());
    const section = await screen.findByTestId('booking-payment');
    expect(within(section).getByTestId('payment-paid').textContent).toContain('OMR\u00a013.200');
    expect(within(section).getByTestId('payment-left').textContent).toContain('Left to pay');
    expect(within(section).getByTestId('pay-now').textContent).toBe('Pay the balance, OMR\u00a052.800');
  });

  it('a balance under the 100 baisa the provider takes is not offered online: a sentence in each language says to pay it at the hotel', async () => {
    // 66.000 paid of 66.050: 0.050 left, the plan's deposit paid.
    const small = payments({ paidBaisa: 66_000, dueNowBaisa: 0, outstandingBaisa: 50, purpose: 'balance' });
    answers = [small];
    show(booking());
    const section = await screen.findByTestId('booking-payment');
    expect(within(section).queryByTestId('pay-now')).toBeNull();
    expect(within(section).getByTestId('payment-below-minimum').textContent).toBe(
      'Amounts under OMR\u00a00.100 cannot be paid online: please pay OMR\u00a00.050 at the hotel.',
    );
    expect(within(section).getByTestId('payment-left').textContent).toContain('Left to pay at the hotel');
    cleanup();
    answers = [small];
    show(booking(), 'ar');
    const ar = await screen.findByTestId('payment-below-minimum');
    expect(ar.textContent).toBe(
      'يرجى دفع ٠٫٠٥٠\u00a0ر.ع. في الفندق، إذ لا يُقبل الدفع عبر الإنترنت لمبلغ أقل من ٠٫١٠٠\u00a0ر.ع.',
    );
    expect(screen.queryByTestId('pay-now')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('back from the provider: asks again until the checkout is paid, then says so', async () => {
    answers = [
      payments({ sessions: [session('open')] }),
      payments({ paidBaisa: 13_200, dueNowBaisa: 0, purpose: 'balance', sessions: [session('paid')] }),
    ];
    show(booking(), 'en', '/booking/K7MQ4PX?payment=5');
    expect((await screen.findByTestId('payment-checking')).textContent).toContain('Checking');
    // The section asks again two seconds later (the provider's webhook has landed meanwhile).
    const received = await screen.findByTestId('payment-received', {}, { timeout: 4_000 });
    expect(received.textContent).toBe('Payment received, thank you: OMR\u00a013.200');
    expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('back from the provider with no word after half a minute: says the payment is being confirmed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      answers = [payments({ sessions: [session('open')] })];
      show(booking(), 'en', '/booking/K7MQ4PX?payment=5');
      await screen.findByTestId('payment-checking');
      await act(() => vi.advanceTimersByTimeAsync(31_000));
      expect((await screen.findByTestId('payment-confirming')).textContent).toContain('being confirmed');
      // Asked again meanwhile every two seconds (about fifteen times), then only at the page's pace.
      expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(10);
      await act(() => vi.advanceTimersByTimeAsync(9_000));
      const asked = calls.filter((c) => c.method === 'GET').length;
      await act(() => vi.advanceTimersByTimeAsync(9_000));
      expect(calls.filter((c) => c.method === 'GET').length - asked).toBeLessThanOrEqual(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('back without paying (&cancelled=1): not completed, and Pay is offered again', async () => {
    answers = [payments({ sessions: [session('open')] })];
    show(booking(), 'ar', '/booking/K7MQ4PX?payment=5&cancelled=1');
    expect((await screen.findByTestId('payment-not-completed')).textContent).toBe(
      'لم يكتمل الدفع، ويمكنك المحاولة مرة أخرى.',
    );
    expect(screen.getByTestId('pay-now')).toBeTruthy();
  });

  it('refunds with where they stand', async () => {
    answers = [
      payments({
        paidBaisa: 0,
        dueNowBaisa: 0,
        depositDueBaisa: 0,
        purpose: null,
        sessions: [session('paid')],
        refunds: [
          {
            id: 1,
            amountBaisa: 13_200,
            status: 'sent',
            createdAt: '2026-11-26T03:05:00.000Z',
            settledAt: null,
          },
          {
            id: 2,
            amountBaisa: 1_000,
            status: 'succeeded',
            createdAt: '2026-11-26T03:05:00.000Z',
            settledAt: '2026-11-26T03:06:00.000Z',
          },
        ],
      }),
    ];
    // Still at the address the provider sent the guest back to: the booking cancelled since, the
    // old "payment received" is not said again.
    show(booking({ status: 'cancelled' }), 'ar', '/booking/K7MQ4PX?payment=5');
    const refunds = await screen.findAllByTestId('payment-refund');
    expect(screen.queryByTestId('payment-received')).toBeNull();
    expect(refunds[0]!.textContent).toContain('في الطريق');
    expect(refunds[1]!.textContent).toContain('تم استرداد');
    expect(refunds[1]!.textContent).toContain('١٫٠٠٠\u00a0ر.ع.');
    expect(screen.queryByTestId('pay-now')).toBeNull();
  });

  it('a plan that asks nothing in advance, nothing paid: no section (paid at the hotel)', async () => {
    answers = [
      payments({ depositDueBaisa: 0, dueNowBaisa: 0, purpose: 'balance', outstandingBaisa: 30_000 }),
    ];
    show(booking());
    await waitFor(() => expect(calls.length).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.queryByTestId('booking-payment')).toBeNull();
  });
});

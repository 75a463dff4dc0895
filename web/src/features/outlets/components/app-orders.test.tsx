// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { AppOrders } from './app-orders';

/**
 * The guests' app orders on an outlet's tablet (docs/decisions/102-outlet-orders.md): the socket of
 * the outlet (`?as=outlet&outletId=`) brings a new order with a sound and the list read again;
 * Accept posts it; Refuse asks for a reason first and sends it. As the worker answers.
 */

const toasts: { title: string; description?: string; variant: string }[] = [];
vi.mock('@/components/ui/toast-queue', async (original) => ({
  ...(await original<typeof import('@/components/ui/toast-queue')>()),
  showToast: (content: { title: string; description?: string; variant: string }) => {
    toasts.push(content);
    return () => {};
  },
}));

/** A socket the test speaks through: the hub's events as it sends them. */
class FakeSocket extends EventTarget {
  static last: FakeSocket | null = null;
  static OPEN = 1;
  static CLOSED = 3;
  readyState = 0;
  constructor(readonly url: string) {
    super();
    FakeSocket.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.dispatchEvent(new Event('open'));
    });
  }
  send() {}
  close() {
    this.readyState = 3;
  }
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

type Sent = { path: string; body: Record<string, unknown> | null };
const sent: Sent[] = [];
let open: Record<string, unknown>[] = [];
const plays: string[] = [];

const order = (id: number) => ({
  id,
  outletId: 3,
  outletNameAr: 'مقهى الواحة',
  outletNameEn: 'Oasis Café',
  outletKind: 'cafe',
  bookingId: 7,
  status: 'sent',
  lines: [
    {
      itemId: 11,
      nameAr: 'قهوة عربية',
      nameEn: 'Arabic coffee',
      quantity: 2,
      amountBaisa: 3_000,
      durationMinutes: null,
    },
  ],
  totalBaisa: 3_000,
  note: 'بدون سكر',
  time: null,
  endsAt: null,
  refusal: null,
  checkId: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
  roomNumber: '304',
  guestSurname: 'Busaidi',
});

beforeEach(() => {
  sent.length = 0;
  toasts.length = 0;
  plays.length = 0;
  open = [];
  FakeSocket.last = null;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  vi.stubGlobal(
    'Audio',
    class {
      constructor(readonly src: string) {}
      play() {
        plays.push(this.src);
        return Promise.resolve();
      }
    },
  );
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/outlets/3/orders') return answer({ open, decided: [] });
    if (request.method === 'POST') {
      const text = await request.text();
      sent.push({ path: url.pathname, body: text ? (JSON.parse(text) as Record<string, unknown>) : null });
      const id = Number(/orders\/(\d+)/.exec(url.pathname)?.[1]);
      const accepted = url.pathname.endsWith('/accept');
      open = open.filter((o) => o.id !== id);
      return answer({
        message: accepted ? 'Accepted: check 8 to room 304' : 'Refused',
        order: { ...order(id), status: accepted ? 'accepted' : 'refused' },
        ...(accepted ? { check: { id: 42 } } : {}),
      });
    }
    return answer(null, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderOrders(locale: 'ar' | 'en') {
  i18n.loadAndActivate({ locale, messages: (locale === 'ar' ? ar : en) as never });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AppOrders outletId={3} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return screen.findByTestId('app-orders');
}

describe('the guests’ orders on the tablet', () => {
  it('a new order arrives on the outlet’s socket with a sound, and is accepted', async () => {
    await renderOrders('ar');
    await waitFor(() => expect(String(FakeSocket.last?.url)).toContain('/api/live?as=outlet&outletId=3'));
    expect(screen.queryAllByTestId('app-order')).toHaveLength(0);
    open = [order(51)];
    act(() =>
      FakeSocket.last!.receive({ type: 'order', orderId: 51, outletId: 3, bookingId: 7, status: 'sent' }),
    );
    const card = await screen.findByTestId('app-order');
    expect(card.textContent).toContain('Busaidi');
    expect(card.textContent).toContain('قهوة عربية');
    expect(within(card).getByTestId('app-order-note').textContent).toBe('بدون سكر');
    expect(plays).toEqual(['/sounds/new-order.wav']);
    // Another outlet's order on the socket is not this tablet's: no sound.
    act(() =>
      FakeSocket.last!.receive({ type: 'order', orderId: 9, outletId: 4, bookingId: 8, status: 'sent' }),
    );
    expect(plays).toHaveLength(1);
    fireEvent.click(within(card).getByTestId('app-order-accept'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('/api/outlets/orders/51/accept');
    await waitFor(() => expect(screen.queryAllByTestId('app-order')).toHaveLength(0));
    expect(toasts[0]).toMatchObject({ variant: 'success', title: 'Accepted: check 8 to room 304' });
  });

  it('refuses only with a reason, and sends it with the word to the guest', async () => {
    open = [order(52)];
    await renderOrders('en');
    fireEvent.click(within(await screen.findByTestId('app-order')).getByTestId('app-order-refuse'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('app-order-refuse-confirm'));
    expect(await within(dialog).findByText('Choose a reason')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Too busy to take it now' }));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'In an hour, please' } });
    fireEvent.click(within(dialog).getByTestId('app-order-refuse-confirm'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: '/api/outlets/orders/52/refuse',
      body: { reason: 'too_busy', note: 'In an hour, please' },
    });
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { i18n } from '@/lib/i18n';
import { Route, Router } from '@/lib/router';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { StayOrdersScreen } from './stay-orders-screen';

/**
 * The guest's order screen (docs/decisions/102-outlet-orders.md), against the worker's answers as
 * it gives them: two coffees sent with an Idempotency-Key and listed; a treatment cannot be sent
 * without a time; a time taken shows the next free ones, and the one chosen is sent with a new key
 * (the refused order was never placed); a refusal's reason in the guest's language; cancel while
 * it waits; a stay not in house orders nothing.
 */

const toasts: { title: string; description?: string; variant: string }[] = [];
vi.mock('@/components/ui/toast-queue', async (original) => ({
  ...(await original<typeof import('@/components/ui/toast-queue')>()),
  showToast: (content: { title: string; description?: string; variant: string }) => {
    toasts.push(content);
    return () => {};
  },
}));

type Sent = { path: string; body: Record<string, unknown> | null; key: string | null };
const sent: Sent[] = [];
let inHouse = true;
let refusals: { status: number; error: Record<string, unknown> }[] = [];
let orders: Record<string, unknown>[] = [];

const menus = {
  outlets: [
    {
      id: 3,
      nameAr: 'مقهى الواحة',
      nameEn: 'Oasis Café',
      kind: 'cafe',
      opensAt: '00:00',
      closesAt: '00:00',
      items: [
        {
          id: 11,
          nameAr: 'قهوة عربية',
          nameEn: 'Arabic coffee',
          priceBaisa: 1_500,
          durationMinutes: null,
          photoUrl: null,
        },
      ],
    },
    {
      id: 4,
      nameAr: 'سبا المعبيلة',
      nameEn: 'Al Maabila Spa',
      kind: 'spa',
      opensAt: '00:00',
      closesAt: '00:00',
      items: [
        {
          id: 21,
          nameAr: 'تدليك',
          nameEn: 'Massage',
          priceBaisa: 25_000,
          durationMinutes: 60,
          photoUrl: '/media/x.webp',
        },
      ],
    },
  ],
};

const order = (id: number, extra: Record<string, unknown> = {}) => ({
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
  note: null,
  time: null,
  endsAt: null,
  refusal: null,
  checkId: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  decidedAt: null,
  ...extra,
});

beforeEach(() => {
  sent.length = 0;
  toasts.length = 0;
  inHouse = true;
  refusals = [];
  orders = [];
  // No live socket here: the screen reads again after each change it makes.
  vi.stubGlobal('WebSocket', undefined);
  // jsdom has no CSS.escape, which react-aria's popover and list read.
  vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/outlets/menus') return answer(menus);
    if (url.pathname === '/api/stays/7/orders' && request.method === 'GET')
      return answer({ inHouse, orders });
    if (request.method === 'POST') {
      const text = await request.text();
      sent.push({
        path: url.pathname,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
        key: request.headers.get('idempotency-key'),
      });
      const refusal = refusals.shift();
      if (refusal) return answer({ error: refusal.error }, refusal.status);
      if (url.pathname === '/api/stays/7/orders') {
        const made = order(50 + sent.length);
        orders = [made, ...orders];
        return answer({ message: 'Your order was sent', order: made }, 201);
      }
      const cancel = /^\/api\/stays\/7\/orders\/(\d+)\/cancel$/.exec(url.pathname);
      if (cancel) {
        orders = orders.map((o) => (o.id === Number(cancel[1]) ? { ...o, status: 'cancelled' } : o));
        return answer({ message: 'Order cancelled', order: orders.find((o) => o.id === Number(cancel[1])) });
      }
    }
    return answer(null, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderScreen(locale: 'ar' | 'en') {
  i18n.loadAndActivate({ locale, messages: (locale === 'ar' ? ar : en) as never });
  const location = memoryLocation({ path: '/stay/7/order?ref=AB12CD34' });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Route path="/stay/:id/order">
            <StayOrdersScreen />
          </Route>
        </Router>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return screen.findByTestId('order-items');
}

const itemCard = (name: string) =>
  screen.getAllByTestId('order-item').find((c) => c.textContent?.includes(name))!;
const add = (name: string) => fireEvent.click(within(itemCard(name)).getByTestId(/^order-add-/));
const chooseOutlet = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));

describe('the guest orders during the stay', () => {
  it('sends two coffees in Arabic with one key, and lists the order', async () => {
    await renderScreen('ar');
    add('قهوة عربية');
    add('قهوة عربية');
    expect(screen.getByTestId('order-total').textContent).toContain('٣٫٠٠٠');
    fireEvent.click(screen.getByTestId('order-send'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('/api/stays/7/orders');
    expect(sent[0]!.body).toEqual({ outletId: 3, items: [{ itemId: 11, quantity: 2 }] });
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() =>
      expect(toasts[0]).toMatchObject({ variant: 'success', title: 'Your order was sent' }),
    );
    const mine = await screen.findByTestId('my-order');
    expect(within(mine).getByTestId('my-order-status').textContent).toContain('بانتظار المنفذ');
    // The basket is empty again; the next order has a key of its own.
    expect(screen.getByTestId('order-total').textContent).toContain('٠٫٠٠٠');
    add('قهوة عربية');
    fireEvent.click(screen.getByTestId('order-send'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('a treatment needs a time; a time taken offers the next free ones, sent with a new key', async () => {
    await renderScreen('en');
    chooseOutlet('Al Maabila Spa');
    add('Massage');
    expect(screen.getByTestId('order-send').hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(screen.getByTestId('order-time')).getByRole('button'));
    fireEvent.click((await screen.findAllByRole('option'))[0]!);
    await waitFor(() => expect(screen.getByTestId('order-send').hasAttribute('disabled')).toBe(false));
    refusals.push({
      status: 409,
      error: {
        code: 'order_time_taken',
        message: 'That time is taken',
        times: ['2026-11-28T18:30', '2026-11-28T19:00'],
      },
    });
    fireEvent.click(screen.getByTestId('order-send'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ outletId: 4, items: [{ itemId: 21, quantity: 1 }] });
    expect(sent[0]!.body!.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    await waitFor(() =>
      expect(toasts[0]).toMatchObject({ variant: 'error', description: 'That time is taken' }),
    );
    const free = await screen.findByTestId('order-free-times');
    fireEvent.click(within(free).getByRole('button', { name: /19:00/ }));
    fireEvent.click(screen.getByTestId('order-send'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body!.time).toBe('2026-11-28T19:00');
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('shows a refusal’s reason in the guest’s language, and cancels an order still waiting', async () => {
    orders = [order(61), order(60, { status: 'refused', refusal: { reason: 'unavailable', note: null } })];
    await renderScreen('ar');
    const [waiting, refused] = await screen.findAllByTestId('my-order');
    expect(within(refused!).getByTestId('my-order-refusal').textContent).toContain('غير متوفر الآن');
    expect(within(refused!).queryByTestId('my-order-cancel')).toBeNull();
    fireEvent.click(within(waiting!).getByTestId('my-order-cancel'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.path).toBe('/api/stays/7/orders/61/cancel');
    await waitFor(() =>
      expect(screen.getAllByTestId('my-order')[0]!.getAttribute('data-status')).toBe('cancelled'),
    );
  });

  it('a stay not in house says when ordering opens, and offers nothing to send', async () => {
    inHouse = false;
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    const location = memoryLocation({ path: '/stay/7/order' });
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <Route path="/stay/:id/order">
              <StayOrdersScreen />
            </Route>
          </Router>
        </QueryClientProvider>
      </I18nProvider>,
    );
    expect(
      await screen.findByText('You can order once you have checked in, until you check out.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('order-send')).toBeNull();
  });
});

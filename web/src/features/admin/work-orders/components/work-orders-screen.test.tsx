// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRole } from '@shared/constants';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { WorkOrdersScreen } from './work-orders-screen';

/**
 * The work orders screen: a technician's list (take, close with what was done), what a housekeeper
 * may not do, and a report refused because stays hold the nights, the stays named, in Arabic too.
 */
const sent: { path: string; method: string; body: unknown }[] = [];
const order = (over: Record<string, unknown>) => ({
  id: 1,
  roomId: 5,
  roomNumber: '304',
  area: null,
  note: 'Air conditioner blows warm air',
  priority: 'urgent',
  status: 'open',
  roomState: 'none',
  outOfOrderFrom: null,
  outOfOrderTo: null,
  hasPhoto: false,
  reportedBy: 'Fatma',
  takenById: null,
  takenBy: null,
  takenAt: null,
  closedBy: null,
  closedAt: null,
  resolution: null,
  createdAt: Date.UTC(2031, 2, 1, 8),
  ...over,
});

let reportAnswer: { status: number; body: unknown } = { status: 201, body: {} };

beforeEach(() => {
  sent.length = 0;
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (request.method !== 'GET') {
      const text = await request.text();
      sent.push({ path: url.pathname, method: request.method, body: text ? JSON.parse(text) : null });
    }
    if (url.pathname === '/api/admin/work-orders' && request.method === 'POST')
      return answer(reportAnswer.body, reportAnswer.status);
    if (url.pathname === '/api/admin/work-orders')
      return answer({
        today: '2031-03-01',
        orders: [
          order({}),
          order({ id: 2, roomNumber: null, roomId: null, area: 'Lobby', priority: 'low', note: 'Bulb out' }),
        ],
        rooms: [{ id: 5, number: '304', floor: 3 }],
        nextBefore: null,
      });
    if (url.pathname.endsWith('/take') || url.pathname.endsWith('/close'))
      return answer({ message: 'Done', order: order({ status: 'taken' }) });
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(role: UserRole, locale: 'en' | 'ar' = 'en') {
  i18n.loadAndActivate({ locale, messages: (locale === 'en' ? en : ar) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), { id: 9, fullName: 'Tech', email: 't@example.com', role });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <WorkOrdersScreen />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the work orders screen', () => {
  it('lets a technician take an order and close it with what was done, which it asks for', async () => {
    show('maintenance');
    const card = await screen.findByTestId('work-order-1');
    // The room number is isolated left to right (formatRoomNumber).
    expect(card.textContent?.replace(/[\u2066-\u2069]/g, '')).toContain('Room 304');
    expect(card.textContent).toContain('Urgent');
    expect(screen.getByTestId('work-order-2').textContent).toContain('Lobby');
    fireEvent.click(within(card).getByRole('button', { name: /^Take/ }));
    await waitFor(() =>
      expect(sent).toEqual([{ path: '/api/admin/work-orders/1/take', method: 'POST', body: null }]),
    );
    fireEvent.click(within(card).getByRole('button', { name: /^Close/ }));
    fireEvent.change(within(card).getByLabelText('What was done', { exact: false, selector: 'textarea' }), {
      target: { value: 'Refilled the gas' },
    });
    fireEvent.click(within(card).getByTestId('confirm-close'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      path: '/api/admin/work-orders/1/close',
      method: 'POST',
      body: { resolution: 'Refilled the gas' },
    });
  });

  it('shows a housekeeper the list without taking or closing', async () => {
    show('housekeeper');
    const card = await screen.findByTestId('work-order-1');
    expect(within(card).queryByRole('button', { name: /^Take/ })).toBeNull();
    expect(within(card).queryByRole('button', { name: /^Close/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mine' })).toBeNull();
    expect(screen.getByTestId('report-fault')).toBeTruthy();
  });

  it('names the stays that hold the nights when a report is refused, in Arabic', async () => {
    reportAnswer = {
      status: 409,
      body: {
        error: {
          code: 'out_of_order_stays',
          message: 'هناك إقامات في هذه الغرفة في بعض هذه الليالي',
          stays: [
            {
              reference: 'K7MQ4PX',
              fullName: 'مريم البلوشية',
              checkInDate: '2031-03-03',
              checkOutDate: '2031-03-05',
            },
          ],
        },
      },
    };
    show('staff', 'ar');
    await screen.findByTestId('work-order-1');
    fireEvent.click(screen.getByTestId('report-fault'));
    const form = await screen.findByTestId('report-fault-form', undefined, { timeout: 5000 });
    fireEvent.change(form.querySelector('select')!, { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('ما العطل', { exact: false, selector: 'textarea' }), {
      target: { value: 'تسرب في السقف' },
    });
    fireEvent.submit(form);
    const stays = await screen.findByTestId('holding-stays');
    const [named] = within(stays).getAllByRole('listitem');
    expect(named!.textContent).toContain('مريم البلوشية');
    expect(named!.textContent).toContain('K7M-Q4PX');
    expect(sent.at(-1)).toMatchObject({
      path: '/api/admin/work-orders',
      body: { roomId: 5, note: 'تسرب في السقف' },
    });
  });
});

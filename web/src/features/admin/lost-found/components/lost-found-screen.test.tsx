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
import { LostFoundScreen } from './lost-found-screen';

/**
 * Lost and found: the desk's list, one item's steps (tell the guest, hand back), and a housekeeper
 * who logs an item and is not shown the list (nor asks the server for it).
 */
const sent: { path: string; method: string; body: unknown }[] = [];
const asked: string[] = [];
const item = {
  id: 7,
  foundOn: '2031-03-01',
  place: 'Under the bed',
  roomId: 5,
  roomNumber: '304',
  description: 'Black phone charger',
  hasPhoto: false,
  foundBy: 'Fatma',
  status: 'held',
  keepUntil: '2031-05-30',
  due: false,
  notifiedAt: null,
  contactEmail: null,
  contactName: null,
  returnedAt: null,
  disposedAt: null,
  stay: {
    id: 40,
    reference: 'K7MQ4PX',
    fullName: 'Salim Al Harthy',
    checkInDate: '2031-02-27',
    checkOutDate: '2031-03-01',
    hasAddress: true,
  },
};

beforeEach(() => {
  sent.length = 0;
  asked.length = 0;
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (request.method === 'GET') asked.push(url.pathname + url.search);
    else {
      const text = await request.text();
      sent.push({ path: url.pathname, method: request.method, body: text ? JSON.parse(text) : null });
      return answer({ message: 'Saved', item }, url.pathname === '/api/admin/lost-found' ? 201 : 200);
    }
    if (url.pathname === '/api/admin/lost-found/rooms')
      return answer({ today: '2031-03-01', rooms: [{ id: 5, number: '304', floor: 3 }] });
    if (url.pathname === '/api/admin/lost-found')
      return answer({ today: '2031-03-01', keepDays: 90, items: [item], rooms: [], nextBefore: null });
    if (url.pathname === '/api/admin/lost-found/7')
      return answer({
        item,
        log: [{ id: 1, action: 'found', actor: 'Fatma', note: null, at: Date.UTC(2031, 2, 1, 9) }],
        candidates: [item.stay],
      });
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
  client.setQueryData(authKeys.me(), { id: 9, fullName: 'Desk', email: 'd@example.com', role });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <LostFoundScreen />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('the lost and found screen', () => {
  it('lets the desk tell the matched guest and hand the item back', async () => {
    show('staff');
    const card = await screen.findByTestId('lost-item-7');
    expect(card.textContent).toContain('Salim Al Harthy');
    fireEvent.click(within(card).getByRole('button', { name: /^Details/ }));
    const detail = await screen.findByTestId('lost-item-detail', undefined, { timeout: 5000 });
    expect(within(detail).getByTestId('lost-item-log').textContent).toContain('Fatma');
    fireEvent.click(within(detail).getByTestId('notify-guest'));
    await waitFor(() =>
      expect(sent).toEqual([{ path: '/api/admin/lost-found/7/notify', method: 'POST', body: null }]),
    );
    fireEvent.change(within(detail).getByLabelText('Handed back to', { exact: false, selector: 'input' }), {
      target: { value: 'Salim Al Harthy' },
    });
    fireEvent.click(within(detail).getByTestId('hand-back'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      path: '/api/admin/lost-found/7/return',
      method: 'POST',
      body: { contactName: 'Salim Al Harthy' },
    });
  });

  it('lets a housekeeper log an item, in Arabic, without showing or asking for the list', async () => {
    show('housekeeper', 'ar');
    expect(await screen.findByTestId('lost-found-floor')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('log-item').hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByTestId('log-item'));
    const form = await screen.findByTestId('log-item-form', undefined, { timeout: 5000 });
    fireEvent.change(form.querySelector('select')!, { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('ما الذي وُجد', { exact: false, selector: 'textarea' }), {
      target: { value: 'شاحن هاتف أسود' },
    });
    fireEvent.change(within(form).getByLabelText('أين تحديداً', { exact: false, selector: 'input' }), {
      target: { value: 'تحت السرير' },
    });
    fireEvent.submit(form);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: '/api/admin/lost-found',
      method: 'POST',
      body: { place: 'تحت السرير', description: 'شاحن هاتف أسود', roomId: 5 },
    });
    expect(
      asked.filter((path) => path.startsWith('/api/admin/lost-found?') || path === '/api/admin/lost-found'),
    ).toEqual([]);
  });
});

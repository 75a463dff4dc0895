// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { OutletsAdminScreen } from './outlets-admin-screen';

/**
 * The outlets' admin: the list as the worker answers it (kind, hours in the language's digits,
 * staff by name), a new outlet sent with its staff and the server's field refusal shown on its
 * field, an item's price typed in rials with Arabic-Indic digits sent in baisa, and a key shown
 * once when made.
 */

const sent: { method: string; path: string; body: unknown }[] = [];
let refuseOutlet = false;

const list = {
  outlets: [
    {
      id: 3,
      nameAr: 'مقهى الواحة',
      nameEn: 'Oasis Café',
      kind: 'cafe',
      opensAt: '06:30',
      closesAt: '23:00',
      active: true,
      staffIds: [21],
    },
  ],
  staff: [
    { id: 21, fullName: 'Waiter One', email: 'w1@example.com', role: 'outlet' },
    { id: 22, fullName: 'Waiter Two', email: 'w2@example.com', role: 'outlet' },
  ],
};

beforeEach(() => {
  sent.length = 0;
  refuseOutlet = false;
  vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (request.method !== 'GET') {
      const body = request.method === 'DELETE' ? null : await request.json();
      sent.push({ method: request.method, path: url.pathname, body });
      if (url.pathname === '/api/admin/outlets' && refuseOutlet) {
        return answer(
          {
            error: {
              code: 'validation_failed',
              message: 'Check the fields',
              fields: { opensAt: 'Invalid time' },
            },
          },
          400,
        );
      }
      if (url.pathname.endsWith('/keys')) {
        return answer(
          {
            message: 'Made',
            key: {
              id: 5,
              label: 'Till',
              hint: 'WXYZ',
              key: 'olk_secretWXYZ',
              createdAt: '2026-11-27T06:00:00.000Z',
              revokedAt: null,
            },
          },
          201,
        );
      }
      return answer({ message: 'Saved', outlet: list.outlets[0], item: { id: 9 } }, 201);
    }
    if (url.pathname === '/api/admin/outlets') return answer(list);
    if (url.pathname === '/api/admin/outlets/3/items') return answer({ items: [] });
    if (url.pathname === '/api/admin/outlets/3/keys') return answer({ keys: [] });
    return answer(null, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderScreen(locale: 'ar' | 'en') {
  i18n.loadAndActivate({ locale, messages: (locale === 'ar' ? ar : en) as never });
  render(
    <I18nProvider i18n={i18n}>
      {/* The app's locale for react-aria (components/aria-scope/aria-providers.tsx). */}
      <AriaI18nProvider locale={locale === 'ar' ? 'ar-OM' : 'en-GB'}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <OutletsAdminScreen />
        </QueryClientProvider>
      </AriaI18nProvider>
    </I18nProvider>,
  );
  return screen.findByTestId('outlet-card');
}

describe('the outlets’ admin', () => {
  it('lists each outlet with its kind, its hours in Arabic digits and its staff by name', async () => {
    const card = await renderScreen('ar');
    expect(card.textContent).toContain('مقهى الواحة');
    expect(card.textContent).toContain('مقهى');
    // The one formatter for times (the desk's, the footer's): "٦:٣٠ ص", never "06:30" or "٠٦:٣٠".
    expect(card.textContent).toContain('٦:٣٠ ص إلى ١١:٠٠ م');
    expect(card.textContent).not.toMatch(/[0-9]/);
    expect(card.textContent).toContain('Waiter One');
  });

  it('edits the hours in Arabic in Arabic digits only, the hint included', async () => {
    const card = await renderScreen('ar');
    fireEvent.click(within(card).getByRole('button', { name: /تعديل|Edit/ }));
    const form = await screen.findByTestId('outlet-form');
    const opens = within(form).getByTestId('outlet-opens-at');
    expect(opens.textContent).toMatch(/٦/);
    expect(opens.textContent).not.toMatch(/[0-9]/);
    expect(within(form).getByTestId('outlet-closes-at').textContent).not.toMatch(/[0-9]/);
  });

  it('sends a new outlet with its staff, and shows the server’s refusal on its field', async () => {
    await renderScreen('en');
    fireEvent.click(screen.getByTestId('outlet-add'));
    const form = await screen.findByTestId('outlet-form');
    fireEvent.change(within(form).getByLabelText(/Name in Arabic/), { target: { value: 'المشواة' } });
    fireEvent.change(within(form).getByLabelText(/Name in English/), { target: { value: 'Grill' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /Waiter Two/ }));
    refuseOutlet = true;
    fireEvent.click(within(form).getByTestId('outlet-save'));
    await waitFor(() => expect(within(form).getByText('Invalid time')).toBeTruthy());
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/admin/outlets',
      body: {
        nameAr: 'المشواة',
        nameEn: 'Grill',
        kind: 'restaurant',
        opensAt: '07:00',
        closesAt: '23:00',
        active: true,
        staffIds: [22],
      },
    });
  });

  it('adds an item priced in rials (Arabic-Indic digits too) as baisa, and shows a new key once', async () => {
    const card = await renderScreen('en');
    fireEvent.click(within(card).getByRole('button', { name: 'Menu' }));
    const form = await screen.findByTestId('outlet-item-form');
    fireEvent.change(within(form).getByLabelText(/Item name in Arabic/), { target: { value: 'قهوة' } });
    fireEvent.change(within(form).getByLabelText(/Item name in English/), { target: { value: 'Coffee' } });
    fireEvent.change(within(form).getByLabelText(/Price with taxes/), { target: { value: '١٫٥' } });
    fireEvent.click(within(form).getByTestId('outlet-item-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      path: '/api/admin/outlets/3/items',
      body: { nameAr: 'قهوة', nameEn: 'Coffee', priceBaisa: 1_500, department: 'restaurant' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Point-of-sale keys' }));
    const keys = await screen.findByTestId('outlet-keys-panel');
    fireEvent.change(within(keys).getByLabelText(/A name for the system/), { target: { value: 'Till' } });
    fireEvent.click(within(keys).getByRole('button', { name: 'Make a key' }));
    expect((await screen.findByTestId('outlet-key-shown')).textContent).toBe('olk_secretWXYZ');
  });
});

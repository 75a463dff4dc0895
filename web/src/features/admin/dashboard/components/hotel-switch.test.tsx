// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import HotelSwitch from './hotel-switch';

// The API stands in for the server (only in this unit test; worker/src/modules/chain/handoffs.test.ts
// checks the handoff itself).
const hotel = (code: string, nameEn: string, nameAr: string, current: boolean, role = 'staff') => ({
  code,
  nameEn,
  nameAr,
  cityAr: '',
  cityEn: '',
  photo: null,
  host: `${code}.localhost`,
  origin: `http://${code}.localhost:8787`,
  current,
  role,
});
let posted: unknown[] = [];

function serve(hotels: unknown[]) {
  posted = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const body =
      request.method === 'POST'
        ? (posted.push(await request.json()), { url: 'about:blank', expiresAt: '' })
        : url.pathname === '/api/chain/my-hotels'
          ? { hotels }
          : {};
    return new Response(JSON.stringify(body), {
      status: request.method === 'POST' ? 201 : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <HotelSwitch />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the switch between a member of staff’s hotels', () => {
  it.each([
    ['en', 'Work at Salalah Beach Hotel'],
    ['ar', 'اعمل في فندق شاطئ صلالة'],
  ] as const)(
    'offers the other hotels and asks for a staff handoff to the one chosen (%s)',
    async (language, label) => {
      serve([
        hotel('muscat', 'Al Maabila Hotel', 'فندق المعبيلة', true),
        hotel('salalah', 'Salalah Beach Hotel', 'فندق شاطئ صلالة', false),
      ]);
      show(language);
      const button = await screen.findByRole('button', { name: label });
      expect(screen.getAllByRole('button')).toHaveLength(1);
      fireEvent.click(button);
      await waitFor(() => expect(posted).toEqual([{ hotel: 'salalah', next: '/admin', as: 'staff' }]));
    },
  );

  it('shows nothing to an account of one hotel', async () => {
    serve([hotel('muscat', 'Al Maabila Hotel', 'فندق المعبيلة', true)]);
    const { container } = show('en');
    await new Promise((r) => setTimeout(r, 100));
    expect(container.textContent).toBe('');
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import ChainStaysSection from './chain-stays-section';

// The API stands in for the server (only in this unit test; worker/src/modules/chain/guests.test.ts
// checks GET /api/chain/my-stays itself).
const hotel = (code: string, nameEn: string, nameAr: string, current: boolean) => ({
  code,
  nameEn,
  nameAr,
  cityAr: '',
  cityEn: '',
  photo: null,
  host: `${code}.localhost`,
  origin: `http://${code}.localhost:8787`,
  current,
});
const stay = (h: ReturnType<typeof hotel>, id: number, reference: string) => ({
  hotel: h,
  booking: { id, reference, status: 'approved', checkInDate: '2027-02-10', checkOutDate: '2027-02-12' },
});

let asked = 0;
function serve(stays: unknown[]) {
  asked = 0;
  vi.stubGlobal('fetch', async () => {
    asked += 1;
    return new Response(JSON.stringify({ stays }), {
      status: 200,
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
        <ChainStaysSection />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('your stays at our other hotels', () => {
  it.each([
    ['en', 'Salalah Beach Hotel', 'See it at Salalah Beach Hotel'],
    ['ar', 'فندق شاطئ صلالة', 'اعرضه في فندق شاطئ صلالة'],
  ] as const)(
    'lists the stays at the other hotels only, each linked there (%s)',
    async (language, name, link) => {
      serve([
        stay(hotel('salalah', 'Salalah Beach Hotel', 'فندق شاطئ صلالة', false), 5, 'K7MQ4PXA'),
        stay(hotel('muscat', 'Al Maabila Hotel', 'فندق المعبيلة', true), 5, 'ZZZZ1111'),
      ]);
      show(language);
      const section = await screen.findByTestId('chain-stays');
      expect(section.textContent).toContain(name);
      expect(section.querySelectorAll('li')).toHaveLength(1);
      const a = screen.getByRole('link', { name: link });
      expect(a.getAttribute('href')).toBe('http://salalah.localhost:8787/booking/K7MQ4PXA');
    },
  );

  it('shows nothing when every stay is at this hotel', async () => {
    serve([stay(hotel('muscat', 'Al Maabila Hotel', 'فندق المعبيلة', true), 5, 'ZZZZ1111')]);
    const { container } = show('en');
    await waitFor(() => expect(asked).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.textContent).toBe('');
  });
});

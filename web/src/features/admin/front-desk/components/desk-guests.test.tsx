// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { FrontDeskScreen } from './front-desk-screen';

const today = hotelToday();

/** A family arriving today, booked for 2 adults and 2 children, as GET /api/front-desk lists it. */
const family = {
  id: 51,
  reference: 'K7MQ4PX',
  fullName: 'Aisha Al Rawahi',
  phoneNumber: '91234567',
  roomType: 'gold',
  status: 'approved',
  checkInDate: today,
  checkOutDate: addDays(today, 2),
  nights: 2,
  totalPrice: 26_400,
  nightPrices: [13_200, 13_200],
  bookedCheckOutDate: null,
  numberOfGuests: 4,
  adults: 2,
  children: 2,
  room: null,
  checkedInAt: null,
  checkedOutAt: null,
  onlineCheckIn: false,
  guest: null,
  departureTime: '12:00',
  notes: null,
  priceOverrideBaisa: null,
  priceOverrideReason: null,
  balanceBaisa: 0,
  nightsToCome: [],
  expectedBalanceBaisa: 0,
  nonRefundable: false,
};
const gold = {
  code: 'gold',
  nameAr: 'الغرفة الذهبية',
  nameEn: 'Gold Room',
  maxAdults: 4,
  maxChildren: 3,
  maxOccupancy: 4,
  active: true,
};

// The API stands in for the server (only in this unit test: the journeys use the real one).
beforeEach(() => {
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/front-desk') {
      return answer({ date: today, arrivals: [family], departures: [], inHouse: [], flagged: [] });
    }
    if (url.pathname === '/api/room-types') return answer([gold]);
    if (url.pathname === '/api/admin/stay-requests') return answer({ open: [], done: [] });
    return answer([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), { id: 1, email: 'desk@example.com', role: 'staff', fullName: 'Desk' });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <FrontDeskScreen />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('adults and children at the desk', () => {
  it("a row says the stay's children, and Edit stay starts from its adults and children", async () => {
    show('en');
    const row = (await screen.findAllByTestId('desk-row')).find((r) => r.textContent?.includes('Aisha'))!;
    expect(row.textContent).toContain('4 guests, including 2 children');
    fireEvent.click(within(row).getByTestId('desk-edit-stay'));
    const form = await screen.findByTestId('edit-stay-form', {}, { timeout: 5_000 });
    expect((within(form).getByRole('textbox', { name: 'Adults' }) as HTMLInputElement).value).toBe('2');
    expect((within(form).getByRole('textbox', { name: 'Children' }) as HTMLInputElement).value).toBe('2');
  }, 20_000);

  it('in Arabic, the children in their own number (the dual)', async () => {
    show('ar');
    const row = (await screen.findAllByTestId('desk-row')).find((r) => r.textContent?.includes('Aisha'))!;
    expect(row.textContent).toContain('منهم طفلان');
  }, 20_000);
});

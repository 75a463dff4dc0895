// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { FrontDeskScreen } from './front-desk-screen';

const today = hotelToday();

/** A booking.com stay arriving today, kept unplaced (sold out), as GET /api/front-desk lists it. */
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
  source: 'booking.com',
  channelReference: 'BDC-4711',
  channelFlag: 'overbooked',
};
/** The hotel's own booking: no channel line. */
const own = {
  ...family,
  id: 52,
  fullName: 'Salim Al Harthy',
  source: null,
  channelReference: null,
  channelFlag: null,
};
/** An expedia stay checked in today whose money expedia collects: its nights are the OTA's to pay, not the guest's. */
const collected = {
  ...family,
  id: 53,
  reference: 'P3XK9QW',
  fullName: 'Huda Al Balushi',
  status: 'confirmed',
  checkInDate: today,
  checkOutDate: addDays(today, 2),
  checkedInAt: Date.now() - 3_600_000,
  balanceBaisa: 13_200,
  expectedBalanceBaisa: 26_400,
  source: 'expedia',
  channelReference: 'EXP-88',
  channelFlag: null,
  paymentCollect: 'ota',
};
/** The same stay paid at the hotel (the OTA leaves the money to us): the guest owes it. */
const atHotel = { ...collected, id: 54, fullName: 'Khalid Al Amri', paymentCollect: 'property' };
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
      return answer({
        date: today,
        arrivals: [family, own, collected, atHotel],
        departures: [],
        inHouse: [],
        flagged: [],
      });
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

describe('an OTA booking at the desk', () => {
  it("its row names the OTA and its reference there, and why it is not placed; the hotel's own says nothing", async () => {
    show('en');
    const rows = await screen.findAllByTestId('desk-row');
    const ota = rows.find((r) => r.textContent?.includes('Aisha'))!;
    expect(within(ota).getByTestId('channel-source').textContent).toContain('Booked on booking.com');
    expect(within(ota).getByTestId('channel-source').textContent).toContain('BDC-4711');
    expect(within(ota).getByTestId('channel-flag').textContent).toBe(
      'Not placed: sold out here, find it a room',
    );
    const mine = rows.find((r) => r.textContent?.includes('Salim'))!;
    expect(within(mine).queryByTestId('channel-source')).toBeNull();
  }, 20_000);

  it('a stay its OTA collects shows its amount as paid by the OTA, not due from the guest', async () => {
    show('en');
    const rows = await screen.findAllByTestId('desk-row');
    const ota = rows.find((r) => r.textContent?.includes('Huda'))!;
    const balance = within(ota).getByTestId('desk-balance');
    expect(balance.textContent).toContain('Paid by the OTA: OMR\u00a026.400');
    expect(balance.textContent).toContain('On the folio now: OMR\u00a013.200, paid by the OTA');
    expect(balance.textContent).not.toMatch(/due/i);
    // Paid at the hotel: the guest owes it.
    const mine = rows.find((r) => r.textContent?.includes('Khalid'))!;
    expect(within(mine).getByTestId('desk-balance').textContent).toContain(
      'Due for the stay OMR\u00a026.400',
    );
  }, 20_000);

  it('paid by the OTA, in Arabic', async () => {
    show('ar');
    const ota = (await screen.findAllByTestId('desk-row')).find((r) => r.textContent?.includes('Huda'))!;
    const balance = within(ota).getByTestId('desk-balance').textContent!;
    expect(balance).toContain('تدفعه وكالة الحجز');
    expect(balance).not.toContain('المستحق');
    expect(balance).not.toContain('مستحق');
  }, 20_000);

  it('in Arabic', async () => {
    show('ar');
    const ota = (await screen.findAllByTestId('desk-row')).find((r) => r.textContent?.includes('Aisha'))!;
    expect(within(ota).getByTestId('channel-source').textContent).toContain('محجوز عبر booking.com');
    expect(within(ota).getByTestId('channel-source').textContent).toContain('رقم حجزه هناك BDC-4711');
  }, 20_000);
});

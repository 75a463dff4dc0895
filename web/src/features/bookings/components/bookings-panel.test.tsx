// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { MyBooking } from '../api/get-my-bookings';
import BookingsPanel from './bookings-panel';

// jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
if (typeof CSS === 'undefined' || !CSS.escape) {
  vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
}

beforeEach(() => {
  // Whatever else the panel asks (notifications, settings): nothing.
  vi.stubGlobal('fetch', async () => new Response('[]', { headers: { 'content-type': 'application/json' } }));
});
afterEach(cleanup);

const booking = (over: Partial<MyBooking>) =>
  ({
    id: 7,
    reference: 'K7MQ4PX',
    status: 'pending',
    roomType: 'gold',
    roomNumber: null,
    fullName: 'سعيد الرواحي',
    phoneNumber: '93344556',
    idNumber: '3344556',
    checkInDate: '2030-01-10',
    checkOutDate: '2030-01-12',
    numberOfGuests: 2,
    bedType: 'double',
    smokingPreference: 'non_smoking',
    paymentMethod: 'cash',
    isPointsBooking: false,
    pointsUsed: 0,
    totalPriceBaisa: 25_800,
    ratePlan: 'standard',
    nightPrices: null,
    cancellationRule: { kind: 'free_until', hours: 24 },
    createdAt: '2029-12-01T10:00:00.000Z',
    ...over,
  }) as unknown as MyBooking;

function show(language: 'ar' | 'en', list: MyBooking[]) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(bookingKeys.mine(), list);
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <BookingsPanel onClose={() => {}} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('My bookings: the payment method says what the rate means', () => {
  for (const [language, online, cash] of [
    ['en', 'Online, the whole stay in advance', 'Cash at the hotel'],
    ['ar', 'إلكترونياً، قيمة الإقامة كاملة مقدماً', 'نقداً في الفندق'],
  ] as const) {
    it(`a non-refundable booking is paid online in advance, not "in cash at the hotel" (${language})`, async () => {
      show(language, [booking({ cancellationRule: { kind: 'non_refundable' }, ratePlan: 'non_refundable' })]);
      const card = await screen.findByTestId('my-booking-7');
      expect(card.textContent).toContain(online);
      expect(card.textContent).not.toContain(cash);
    });
  }

  it('a booking paid at the hotel still says so', async () => {
    show('ar', [booking({})]);
    const card = await screen.findByTestId('my-booking-7');
    expect(within(card).getByText('نقداً في الفندق')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { ManagedBooking } from '../../api/managed-booking';
import { BookingCancellationPolicy } from './managed-booking-details';

afterEach(cleanup);

// The hotel's own words, which tell its general rule: free cancellation.
const hotelWords = {
  en: 'Cancel free of charge up to 24 hours before arrival.',
  ar: 'يمكنك الإلغاء مجاناً حتى ٢٤ ساعة قبل الوصول.',
};

const booking = (nonRefundable: boolean) =>
  ({
    id: 7,
    status: 'approved',
    cancellationRule: nonRefundable ? { kind: 'non_refundable' } : { kind: 'free_until', hours: 24 },
    policy: {
      mayCancel: true,
      mayChange: !nonRefundable,
      nonRefundable,
      cancellationDeadline: '2030-01-10T10:00:00.000Z',
    },
    policyText: hotelWords,
  }) as unknown as ManagedBooking;

function show(b: ManagedBooking, language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <BookingCancellationPolicy booking={b} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the booking page’s cancellation policy', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`a non-refundable booking: its own rule only, not the hotel's free-cancellation words beside it (${language})`, () => {
      show(booking(true), language);
      const policy = screen.getByTestId('booking-policy');
      expect(screen.getByTestId('policy-non-refundable')).toBeTruthy();
      expect(policy.textContent).not.toContain(hotelWords[language]);
    });
  }

  it('a flexible booking: its deadline and the hotel’s own words', () => {
    show(booking(false), 'en');
    expect(screen.getByTestId('booking-policy').textContent).toContain(hotelWords.en);
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SiteSettings, siteSettingsKeys } from '@/entities/site-settings/get-site-settings';
import type { SuccessRecord } from '@/entities/bookings/success-record';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { planPayment } from '../lib/plan-payment';
import type { StayPrice } from '../lib/live-price';
import BookingConfirmationDialog from './booking-confirmation-dialog';
import { BookingPriceBox } from './booking-price-box';
import { CancellationPolicy } from './cancellation-policy';

// jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
if (typeof CSS === 'undefined' || !CSS.escape) {
  vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
}

const settings = {
  checkInTime: '14:00',
  checkOutTime: '12:00',
  freeCancellationHours: 24,
  cancellationPolicy: '',
  cancellationPolicyAr: '',
} as unknown as SiteSettings;

// Two nights, 12.600 and 13.200 OMR, as the server quoted them.
const price: StayPrice = {
  nights: [
    { date: '2030-01-10', priceBaisa: 12_600 },
    { date: '2030-01-11', priceBaisa: 13_200 },
  ],
  totalBaisa: 25_800,
  quoted: true,
};
const nonRefundable = {
  deposit: { kind: 'none' as const },
  cancellation: { kind: 'non_refundable' as const },
  confirmOnDeposit: true,
};
const firstNight = {
  deposit: { kind: 'first_night' as const },
  cancellation: { kind: 'free_until' as const, hours: 24 },
  confirmOnDeposit: false,
};
const standard = {
  deposit: { kind: 'none' as const },
  cancellation: { kind: 'free_until' as const, hours: 24 },
  confirmOnDeposit: false,
};

beforeEach(() => {
  // The confirmation asks what is due now: nothing in these tests (its own tests are the journeys').
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  if (typeof CSS === 'undefined' || !CSS.escape) vi.stubGlobal('CSS', { escape: (value: string) => value });
});

function show(language: 'ar' | 'en', ui: ReactNode) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(siteSettingsKeys.all, settings);
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{ui}</I18nProvider>
    </QueryClientProvider>,
  );
}

describe('what the chosen plan asks to be paid (the booking form)', () => {
  it('the server’s rule: the whole stay on a non-refundable plan, the first night as a deposit, else nothing', () => {
    expect(planPayment(nonRefundable, price)).toEqual({
      kind: 'whole_stay',
      dueNowBaisa: 25_800,
      confirmsOnPayment: true,
    });
    expect(planPayment(firstNight, price)).toEqual({
      kind: 'deposit',
      dueNowBaisa: 12_600,
      confirmsOnPayment: false,
    });
    expect(planPayment(standard, price)).toEqual({ kind: 'at_hotel' });
    expect(planPayment(undefined, price)).toEqual({ kind: 'at_hotel' });
  });

  for (const [language, whole, cash] of [
    [
      'en',
      'Due now: the whole stay, OMR\u00a025.800, paid online after you book. Your booking is confirmed as soon as it is paid.',
      'cash',
    ],
    [
      'ar',
      'المستحق الآن: قيمة الإقامة كاملة، ٢٥٫٨٠٠\u00a0ر.ع.، تُدفع إلكترونياً بعد الحجز. يُؤكَّد حجزك فور دفعه.',
      'نقد',
    ],
  ] as const) {
    it(`the price box on a non-refundable plan says the whole stay is due now online, never "in cash at the hotel" (${language})`, () => {
      show(
        language,
        <BookingPriceBox
          price={price}
          guests={2}
          offerApplied={false}
          roomTypeMissing={false}
          refused={false}
          stayChosen
          payment={planPayment(nonRefundable, price)}
        />,
      );
      expect(screen.getByTestId('price-payment').textContent).toBe(whole);
      expect(screen.getByTestId('price-box').textContent).not.toContain(cash);
    });
  }

  it('a deposit plan: the deposit due now, the rest at the hotel, the hotel confirms', () => {
    show(
      'en',
      <BookingPriceBox
        price={price}
        guests={2}
        offerApplied={false}
        roomTypeMissing={false}
        refused={false}
        stayChosen
        payment={planPayment(firstNight, price)}
      />,
    );
    expect(screen.getByTestId('price-payment').textContent).toBe(
      'Due now: a deposit of OMR\u00a012.600, paid online after you book; the rest at the hotel. The hotel confirms your booking.',
    );
  });

  it('a plan that asks nothing in advance: paid at the hotel, as before', () => {
    show(
      'en',
      <BookingPriceBox
        price={price}
        guests={2}
        offerApplied={false}
        roomTypeMissing={false}
        refused={false}
        stayChosen
        payment={planPayment(standard, price)}
      />,
    );
    expect(screen.getByTestId('price-payment').textContent).toBe(
      'Paid in cash at the hotel; the hotel confirms the final price.',
    );
  });
});

describe('the cancellation policy of the chosen plan only (the booking form)', () => {
  for (const [language, free] of [
    ['en', 'free of charge'],
    ['ar', 'مجاناً'],
  ] as const) {
    it(`a non-refundable plan: its rule alone, not the site's free cancellation beside it (${language})`, () => {
      show(language, <CancellationPolicy chosenRule={{ kind: 'non_refundable' }} />);
      const policy = screen.getByTestId('cancellation-policy');
      expect(screen.getByTestId('chosen-rate-rule')).toBeTruthy();
      expect(policy.textContent).not.toContain(free);
    });
  }

  it('the standard plan (the site’s rule): the site’s words', () => {
    show('en', <CancellationPolicy chosenRule={{ kind: 'free_until', hours: 24 }} />);
    expect(screen.queryByTestId('chosen-rate-rule')).toBeNull();
    expect(screen.getByTestId('cancellation-policy').textContent).toContain('free of charge up to 24 hours');
  });
});

describe('the confirmation of a plan that confirms on payment', () => {
  const record = (confirmsOnPayment: boolean): SuccessRecord =>
    ({
      roomType: 'gold',
      isPointsBooking: false,
      reference: 'K7MQ4PX',
      checkInDate: '2030-01-10',
      checkOutDate: '2030-01-12',
      cancellationRule: { kind: 'non_refundable' },
      toldBy: 'email',
      confirmsOnPayment,
    }) as SuccessRecord;

  for (const [language, said, notSaid] of [
    ['en', 'Your booking is confirmed as soon as it is paid.', 'We will confirm it soon'],
    ['ar', 'يُؤكَّد حجزك فور دفعه.', 'سنؤكده قريباً'],
  ] as const) {
    it(`says it is confirmed as soon as it is paid, not "we will confirm it soon" (${language})`, async () => {
      show(language, <BookingConfirmationDialog record={record(true)} onClose={() => {}} />);
      const dialog = await screen.findByTestId('booking-confirmation');
      expect(dialog.textContent).toContain(said);
      expect(dialog.textContent).not.toContain(notSaid);
      expect(screen.getByTestId('confirmation-on-payment')).toBeTruthy();
    });
  }

  it('a plan the hotel confirms: "we will confirm it soon", as before', async () => {
    show('en', <BookingConfirmationDialog record={record(false)} onClose={() => {}} />);
    const dialog = await screen.findByTestId('booking-confirmation');
    expect(dialog.textContent).toContain('We will confirm it soon.');
    expect(dialog.textContent).toContain('The hotel reviews your request and confirms it.');
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { AdminBooking } from '@/entities/admin/bookings/get-bookings';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { BookingDecisionDialog } from './booking-decision-dialog';

/**
 * The bookings list's Complete is a check-out (the stay departs): a stay completed before its
 * booked departure ends then, as the desk's check-out ends it, and the dialog says so first (how
 * many nights early, the booked departure, the new one and the new total), as the desk's does.
 */

const today = hotelToday();

beforeEach(() => {
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async () => Response.json([]));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const stay = (nights: number, checkInDate = today) =>
  ({
    id: 7,
    reference: 'K7MQ4PX',
    fullName: 'Aisha Al Rawahi',
    roomType: 'silver',
    status: 'approved',
    checkInDate,
    checkOutDate: addDays(checkInDate, nights),
    totalPriceBaisa: 12_600 * nights,
    nightPrices: Array.from({ length: nights }, (_, i) => ({
      date: addDays(checkInDate, i),
      priceBaisa: 12_600,
    })),
    priceOverrideBaisa: null,
  }) as unknown as AdminBooking;

function show(booking: AdminBooking, language: 'ar' | 'en' = 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <BookingDecisionDialog request={{ booking, decision: 'complete' }} onClose={() => {}} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('completing a stay before its departure', () => {
  it('a three-night stay on its first day: two nights early, its new departure and total', async () => {
    show(stay(3));
    const early = await screen.findByTestId('complete-early');
    expect(early.textContent).toContain('This is 2 nights early');
    expect(early.textContent).toContain('OMR\u00a012.600 (was OMR\u00a037.800)');
  });

  it('in Arabic', async () => {
    show(stay(3), 'ar');
    const early = await screen.findByTestId('complete-early');
    expect(early.textContent).toContain('ليلتان');
    expect(early.textContent).toContain('١٢٫٦٠٠\u00a0ر.ع.');
  });

  it('says nothing of it for a stay ending as booked', async () => {
    show(stay(1));
    await screen.findByRole('dialog');
    expect(screen.queryByTestId('complete-early')).toBeNull();
    cleanup();
    // Its last night was last night: it leaves today, as booked.
    show(stay(2, addDays(today, -2)));
    await screen.findByRole('dialog');
    expect(screen.queryByTestId('complete-early')).toBeNull();
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingPolicy } from '@shared/stay-policy';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { ManagedBooking } from '../../api/managed-booking';
import { OnlineCheckInSection } from './online-check-in-section';

afterEach(cleanup);

const SETTINGS = { checkInTime: '14:00', freeCancellationHours: 24, onlineCheckInHours: 72 };
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

function booking(over: Partial<ManagedBooking> = {}): ManagedBooking {
  const base = {
    id: 7,
    status: 'approved',
    checkInDate: inDays(1),
    checkOutDate: inDays(3),
    numberOfGuests: 2,
    onlineCheckIn: null,
    ...over,
  } as ManagedBooking;
  return { ...base, policy: bookingPolicy(base, SETTINGS) };
}

function show(b: ManagedBooking, language: 'ar' | 'en' = 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nProvider i18n={i18n}>
        <OnlineCheckInSection booking={b} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('OnlineCheckInSection', () => {
  it('before the window, says when it opens (hotel time), in Arabic digits in Arabic', () => {
    show(booking({ checkInDate: '2099-12-10', checkOutDate: '2099-12-12' }), 'ar');
    // 14:00 on 10 December minus 72 hours: 7 December, 14:00 in Muscat.
    expect(screen.getByTestId('online-check-in-opens').textContent).toMatch(/يُفتح .*٧ ديسمبر ٢٠٩٩/);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('in the window, offers the check-in; once done, shows the details and "Checked in online"', () => {
    const { unmount } = show(booking());
    expect(screen.getByRole('button', { name: 'Check in online' })).toBeTruthy();
    unmount();
    show(
      booking({
        onlineCheckIn: {
          arrivalTime: '15:30',
          adults: 2,
          children: 1,
          specialRequests: 'A cot, please',
          termsAcceptedAt: '2099-01-01T10:00:00.000Z',
          checkedInAt: '2099-01-01T10:00:00.000Z',
          hasIdDocument: true,
        },
      }),
    );
    expect(screen.getByRole('status').textContent).toContain('Checked in online');
    expect(screen.getByText('15:30')).toBeTruthy();
    expect(screen.getByText('A cot, please')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change check-in details' })).toBeTruthy();
  });

  it('shows nothing for a pending or cancelled booking', () => {
    for (const status of ['pending', 'cancelled'] as const) {
      const { container, unmount } = show(booking({ status }));
      expect(container.textContent).toBe('');
      unmount();
    }
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import CancelBookingDialog from './cancel-booking-dialog';

const toasts = vi.hoisted(() => [] as { title: string; description?: string; variant: string }[]);
vi.mock('@/components/ui/toast-queue', async (original) => ({
  ...(await original<typeof import('@/components/ui/toast-queue')>()),
  showToast: (content: { title: string; description?: string; variant: string }) => {
    toasts.push(content);
    return () => {};
  },
}));

// jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
if (typeof CSS === 'undefined' || !CSS.escape) {
  vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
}

// The server, in this unit test only: the PATCH cancels and says how many points it took back;
// the bookings list answers the booking's status as it is now.
let status = 'pending';
let pointsDeducted = 0;
beforeEach(() => {
  status = 'pending';
  toasts.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (request.method === 'PATCH') {
      status = 'cancelled';
      return json({ id: 7, status, pointsDeducted });
    }
    return json([{ id: 7, status }]);
  });
});
afterEach(cleanup);

/**
 * As My bookings holds it: the dialog belongs to the booking's card, which goes as soon as the
 * refreshed list no longer has the booking among the current ones.
 */
function Bookings() {
  const list = useQuery({
    queryKey: bookingKeys.mine(),
    queryFn: async () =>
      (await fetch('/api/booking-submissions/mine')).json() as Promise<{ status: string }[]>,
  });
  if (!list.data || list.data[0]?.status === 'cancelled') return <p>no current bookings</p>;
  return (
    <CancelBookingDialog
      booking={{
        id: 7,
        roomType: 'gold',
        checkInDate: '2030-01-10',
        checkOutDate: '2030-01-12',
        cancellationRule: { kind: 'non_refundable' },
      }}
      onClose={() => {}}
    />
  );
}

describe('cancelling a booking', () => {
  for (const [language, points, title, description] of [
    ['en', 0, 'Booking cancelled', '0 points were deducted from your balance.'],
    ['ar', 0, 'تم إلغاء الحجز', 'خُصمت ٠ نقطة من رصيدك.'],
    ['en', 15, 'Booking cancelled', '15 points were deducted from your balance.'],
    ['ar', 2, 'تم إلغاء الحجز', 'خُصمت نقطتان من رصيدك.'],
  ] as const) {
    it(`shows a toast that the booking was cancelled and ${points} points were deducted, even as the card goes (${language})`, async () => {
      pointsDeducted = points;
      i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
      const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      render(
        <QueryClientProvider client={client}>
          <I18nProvider i18n={i18n}>
            <Bookings />
          </I18nProvider>
        </QueryClientProvider>,
      );
      const yes = await screen.findByRole('button', {
        name: language === 'ar' ? 'نعم، ألغِ الحجز' : 'Yes, cancel booking',
      });
      fireEvent.click(yes);
      await screen.findByText('no current bookings');
      await waitFor(() => expect(toasts).toEqual([{ variant: 'success', title, description }]));
    });
  }
});

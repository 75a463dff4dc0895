// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { NotificationList } from './notification-list';

/**
 * The staff's bell for what the OTAs do: an OTA's booking is never a "new
 * booking request" and never opens the pending requests; one the hotel could not place says so
 * ("No room for ... on ...") and opens the desk's list of bookings to place, on that booking;
 * the OTA's change and cancellation are said and open the booking where it is listed now.
 */

const base = {
  entryId: null,
  createdAt: new Date('2026-12-01T08:00:00Z').getTime(),
  isRead: false,
  fullName: 'Nasser Al Kindi',
  roomType: 'gold',
  checkInDate: '2026-12-10',
  checkOutDate: '2026-12-13',
  phone: '91234567',
  numberOfGuests: 2,
  source: null,
  channelReference: null,
  reason: null,
  channelFlag: null,
};
const ota = { source: 'booking.com', channelReference: 'BDC-7001', status: 'confirmed' };
const ALERTS = [
  { ...base, id: 1, kind: 'booking_request', bookingId: 101, reference: 'K7MQ4PX', status: 'pending' },
  { ...base, ...ota, id: 2, kind: 'channel_booking', bookingId: 102, reference: 'ET8D8CT' },
  {
    ...base,
    ...ota,
    id: 3,
    kind: 'channel_booking_flagged',
    bookingId: 103,
    reference: 'P3XK9QW',
    reason: 'overbooked',
    channelFlag: 'overbooked',
  },
  {
    ...base,
    ...ota,
    id: 4,
    kind: 'channel_booking_flagged',
    bookingId: 104,
    reference: 'H4TR7YZ',
    reason: 'overbooked',
    channelFlag: null,
  },
  {
    ...base,
    ...ota,
    id: 5,
    kind: 'channel_booking_changed',
    bookingId: 102,
    reference: 'ET8D8CT',
    numberOfGuests: 3,
  },
  {
    ...base,
    ...ota,
    id: 6,
    kind: 'channel_booking_cancelled',
    bookingId: 105,
    reference: 'M9QW3RT',
    status: 'cancelled',
  },
];
const gold = { code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room', active: true };

beforeEach(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/notifications/staff')
      return answer({ items: ALERTS, nextCursor: null, unread: 6 });
    if (url.pathname === '/api/room-types') return answer([gold]);
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
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <NotificationList scope="staff" />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const alerts = () => screen.findAllByTestId('notification');
const openLink = (alert: HTMLElement) => within(alert).getByRole('link').getAttribute('href');

describe("the staff's alerts of OTA bookings", () => {
  it('names each for what it is and opens where it is dealt with', async () => {
    show('en');
    const [request, fromOta, flagged, placed, changed, cancelled] = await alerts();
    // A guest's request: still the pending requests, on that booking.
    expect(request!.textContent).toContain('New booking request');
    expect(openLink(request!)).toBe('/admin/bookings?tab=pending&q=K7M-Q4PX');
    // An OTA's booking is confirmed: no request, never the pending tab.
    expect(fromOta!.textContent).toContain('New OTA booking, confirmed');
    expect(fromOta!.textContent).not.toContain('New booking request');
    expect(openLink(fromOta!)).toBe('/admin/bookings?tab=active&q=ET8-D8CT');
    expect(within(fromOta!).getByTestId('alert-ota').textContent).toContain('booking.com');
    // One the hotel could not place: why, and the desk's list of them, on that booking.
    await waitFor(() =>
      expect(flagged!.textContent).toMatch(/No room for Gold Room on 10 Dec 2026 to 13 Dec 2026/),
    );
    expect(openLink(flagged!)).toBe('/admin/front-desk?flagged=103');
    // Placed since: it says so and opens the booking itself.
    expect(placed!.textContent).toContain('Placed since');
    expect(openLink(placed!)).toBe('/admin/bookings?tab=active&q=H4T-R7YZ');
    // The OTA's change (now 3 guests) and cancellation.
    expect(changed!.textContent).toContain('An OTA changed a booking');
    expect(changed!.textContent).toContain('3 guests');
    expect(cancelled!.textContent).toContain('An OTA cancelled a booking');
    expect(openLink(cancelled!)).toBe('/admin/bookings?tab=cancelled&q=M9Q-W3RT');
  }, 20_000);

  it('in Arabic', async () => {
    show('ar');
    const [request, fromOta, flagged, , changed, cancelled] = await alerts();
    expect(request!.textContent).toContain('طلب حجز جديد');
    expect(fromOta!.textContent).not.toContain('طلب حجز جديد');
    expect(fromOta!.textContent).toContain('حجز جديد من وكالة الحجز، مؤكد');
    await waitFor(() => expect(flagged!.textContent).toContain('الغرفة الذهبية: لا غرفة متاحة من'));
    expect(changed!.textContent).toContain('عدّلت وكالة الحجز حجزاً');
    expect(cancelled!.textContent).toContain('ألغت وكالة الحجز حجزاً');
  }, 20_000);
});

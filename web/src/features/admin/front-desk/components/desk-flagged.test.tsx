// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { toastQueue } from '@/components/ui/toast-store';
import { FrontDeskScreen } from './front-desk-screen';

/**
 * The desk's own list of the OTA bookings the hotel could not place (the channel screen is the
 * manager's): each says why, in the words of its flag (any flag), what to do, and is marked
 * placed from there; the bell's alert opens the desk on one of them.
 */

const today = hotelToday();
const later = addDays(today, 9);

function flagged(id: number, flag: string, over: Record<string, unknown> = {}) {
  return {
    id,
    reference: 'K7MQ4PX',
    fullName: `OTA Guest ${id}`,
    phoneNumber: '96891234567',
    roomType: 'gold',
    status: 'confirmed',
    checkInDate: later,
    checkOutDate: addDays(later, 2),
    nights: 2,
    totalPrice: 104_000,
    nightPrices: [52_000, 52_000],
    bookedCheckOutDate: null,
    numberOfGuests: 3,
    adults: 3,
    children: 0,
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
    channelReference: `BDC-70${id}`,
    channelFlag: flag,
    heldNights: 0,
    ...over,
  };
}
const FLAGGED = [
  flagged(11, 'overbooked'),
  flagged(12, 'unmapped'),
  flagged(13, 'over_occupancy'),
  flagged(14, 'not_sellable'),
  flagged(15, 'currency_mismatch', { heldNights: 2 }),
  flagged(16, 'something_new'),
];
const gold = { code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room', active: true };

let posted: string[] = [];
let placeAnswer: { status: number; body: unknown } = { status: 200, body: {} };
beforeEach(() => {
  posted = [];
  placeAnswer = {
    status: 200,
    body: { message: 'The OTA booking is placed: its nights are held', booking: {} },
  };
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(String(request ? request.url : input), 'http://localhost');
    const method = request?.method ?? init?.method ?? 'GET';
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (method === 'POST') {
      posted.push(url.pathname);
      return answer(placeAnswer.body, placeAnswer.status);
    }
    if (url.pathname === '/api/front-desk') {
      return answer({ date: today, arrivals: [], departures: [], inHouse: [], flagged: FLAGGED });
    }
    if (url.pathname === '/api/room-types') return answer([gold]);
    if (url.pathname === '/api/admin/stay-requests') return answer({ open: [], done: [] });
    return answer([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function show(language: 'ar' | 'en', path = '/admin/front-desk') {
  window.history.replaceState(null, '', path);
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

const stayOf = async (id: number) =>
  (await screen.findAllByTestId('desk-flagged-stay')).find((s) => s.dataset.bookingId === String(id))!;

describe('the OTA bookings to place, at the desk', () => {
  it('says why for every flag, what to do, and whether its nights are held', async () => {
    show('en');
    const section = await screen.findByTestId('desk-flagged');
    expect(within(section).getByRole('heading').textContent).toBe('OTA bookings to place (6)');
    const why = async (id: number) => within(await stayOf(id)).getByTestId('desk-flagged-why').textContent;
    // Named once the room types are in (their own request).
    await waitFor(async () => expect(await why(11)).toMatch(/^No room for Gold Room on .+ to .+$/));
    expect(await why(12)).toMatch(/^A room type not mapped here \(Gold Room\)/);
    expect(await why(13)).toMatch(/^More guests than Gold Room takes/);
    expect(await why(14)).toMatch(/^Gold Room is not sold on this rate/);
    expect(await why(15)).toMatch(/^Booked in another currency/);
    // A flag not worded yet is named by its code, and still asks for a person.
    expect(await why(16)).toMatch(/^An OTA booking to place by hand \(something_new\)/);
    const first = await stayOf(11);
    expect(within(first).getByTestId('channel-source').textContent).toContain('BDC-7011');
    expect(within(first).getByTestId('desk-flagged-held').textContent).toBe('It holds no room yet.');
    expect(within(await stayOf(15)).getByTestId('desk-flagged-held').textContent).toBe(
      'Its nights are held now.',
    );
  }, 30_000);

  it('its guest line never starts a wrapped line with a dot: each dot ends the part before it', async () => {
    show('ar');
    const first = await stayOf(11);
    const line = within(first).getByText('+968 91234567').closest('p')!;
    // The parts are the line's own items (a flex row that wraps): none is a dot, none starts with one.
    const parts = [...line.children].map((part) => part.textContent!.trim());
    expect(parts.filter((part) => part.startsWith('،') || part.startsWith('·'))).toEqual([]);
    // In Arabic the separator is the Arabic comma, right after the part before it, never a dot
    // (which reads as the digit zero beside Arabic-Indic digits).
    expect(line.textContent).not.toContain('·');
    expect(line.textContent!.match(/.،/g)).toEqual(['1،', '7،']);
    expect(parts[0]).toBe('OTA Guest 11،');
  }, 30_000);

  it('marks one placed, and says why not when it still cannot be', async () => {
    const toasts = vi.spyOn(toastQueue, 'add');
    show('en');
    fireEvent.click(within(await stayOf(11)).getByTestId('desk-flagged-place'));
    await waitFor(() => expect(posted).toEqual(['/api/booking-submissions/11/place']));
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'The OTA booking is placed: its nights are held' }),
        expect.anything(),
      ),
    );

    placeAnswer = {
      status: 409,
      body: {
        error: {
          code: 'channel_still_no_room',
          message: 'Still no room free for this stay on one of its nights',
        },
      },
    };
    fireEvent.click(within(await stayOf(12)).getByTestId('desk-flagged-place'));
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(
        expect.objectContaining({
          variant: 'error',
          title: 'Still no room free for this stay on one of its nights',
        }),
        expect.anything(),
      ),
    );
  }, 30_000);

  it("opens on the alert's booking, first and focused", async () => {
    show('en', '/admin/front-desk?flagged=14');
    const stays = await screen.findAllByTestId('desk-flagged-stay');
    expect(stays[0]!.dataset.bookingId).toBe('14');
    await waitFor(() => expect(document.activeElement).toBe(stays[0]));
  }, 30_000);

  it("says so when the alert's booking is placed already; the search finds among them too", async () => {
    show('en', '/admin/front-desk?flagged=99');
    expect(
      await screen.findByText('This OTA booking is placed already: nothing left to do here.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Find a guest' }), {
      target: { value: 'BDC-7013' },
    });
    const stays = await screen.findAllByTestId('desk-flagged-stay');
    expect(stays.map((s) => s.dataset.bookingId)).toEqual(['13']);
  }, 30_000);

  it('in Arabic', async () => {
    show('ar');
    const section = await screen.findByTestId('desk-flagged');
    expect(within(section).getByRole('heading').textContent).toBe('حجوزات وكالات الحجز بانتظار التسكين (٦)');
    await waitFor(async () =>
      expect(within(await stayOf(11)).getByTestId('desk-flagged-why').textContent).toMatch(
        /^الغرفة الذهبية: لا غرفة متاحة من /,
      ),
    );
    expect(within(await stayOf(11)).getByTestId('desk-flagged-place').textContent).toBe('تأكيد التسكين');
  }, 30_000);
});

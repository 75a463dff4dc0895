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
import { FrontDeskScreen } from './front-desk-screen';

/**
 * A check-in refused because the room's guest has not checked out (409 `room_occupied`):
 * the desk says who is still in the room, offers their check-out or another room, and never "check
 * in anyway".
 */
const today = hotelToday();
const base = {
  phoneNumber: '91234567',
  roomType: 'gold',
  status: 'approved',
  nights: 1,
  totalPrice: 13_200,
  nightPrices: [13_200],
  bookedCheckOutDate: null,
  numberOfGuests: 2,
  adults: 2,
  children: 0,
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
  checkedOutAt: null,
};
const arriving = {
  ...base,
  id: 51,
  reference: 'K7MQ4PX',
  fullName: 'Maryam Al Kindi',
  checkInDate: today,
  checkOutDate: addDays(today, 1),
  room: { id: 7, number: '204', status: 'dirty' },
  checkedInAt: null,
};
const staying = {
  ...base,
  id: 50,
  reference: 'H3TR8WQ',
  fullName: 'Khalid Al Harthy',
  checkInDate: addDays(today, -2),
  checkOutDate: today,
  room: { id: 7, number: '204', status: 'dirty' },
  checkedInAt: new Date().toISOString(),
};
const refusal = {
  error: {
    code: 'room_occupied',
    message: 'Another guest is still in this room and has not checked out',
    room: { id: 7, number: '204', status: 'dirty' },
    stay: {
      id: 50,
      reference: 'H3TR8WQ',
      fullName: 'Khalid Al Harthy',
      checkInDate: staying.checkInDate,
      checkOutDate: today,
    },
  },
};

let posted: unknown[] = [];
beforeEach(() => {
  posted = [];
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/front-desk') {
      return answer({
        date: today,
        arrivals: [arriving],
        departures: [staying],
        inHouse: [staying],
        flagged: [],
      });
    }
    if (url.pathname === `/api/booking-submissions/${arriving.id}/check-in`) {
      if (request.method === 'POST') {
        posted.push(await request.json());
        return answer(refusal, 409);
      }
      return answer({
        bookingId: arriving.id,
        roomType: 'gold',
        proposed: { id: 7, number: '204', status: 'dirty' },
        rooms: [{ id: 7, number: '204', status: 'dirty' }],
        registration: {
          fullName: arriving.fullName,
          idNumber: 'AB1234567',
          numberOfGuests: 1,
          profileId: null,
          adults: 1,
          companions: [],
          documentExpiry: null,
          nationality: 'OM',
          dateOfBirth: '1990-04-02',
          documentType: 'passport',
          documentNumber: 'P7654321',
          onlineCheckIn: false,
        },
      });
    }
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
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(authKeys.me(), { id: 1, email: 'desk@example.com', role: 'staff', fullName: 'Desk' });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <FrontDeskScreen />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

/** Opens the arrival's check-in, ticks the ID check and confirms: the server refuses it. */
async function refusedCheckIn() {
  const row = (await screen.findAllByTestId('desk-row')).find((r) => r.textContent?.includes('Maryam'))!;
  fireEvent.click(within(row).getByTestId('desk-check-in'));
  const dialog = await screen.findByTestId('desk-check-in-dialog', {}, { timeout: 5_000 });
  await within(dialog).findByTestId('desk-check-in-id-checked', {}, { timeout: 5_000 });
  fireEvent.click(within(dialog).getByRole('checkbox'));
  const confirm = within(dialog).getByTestId('desk-check-in-confirm');
  await waitFor(() => expect(confirm.getAttribute('data-disabled')).toBeNull());
  fireEvent.click(confirm);
  return screen.findByTestId('desk-room-occupied', {}, { timeout: 5_000 });
}

describe('a check-in into a room whose guest has not left', () => {
  it('names the guest still in the room and offers their check-out or another room, never "check in anyway"', async () => {
    show('en');
    const occupied = await refusedCheckIn();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ idChecked: true });
    expect(occupied.textContent).toContain('Khalid Al Harthy is still in room \u2066204\u2069');
    expect(occupied.textContent).toContain('H3T-R8WQ');
    expect(occupied.textContent).toContain('give Maryam Al Kindi another room');
    expect(screen.queryByTestId('desk-check-in-anyway')).toBeNull();
    fireEvent.click(within(occupied).getByTestId('desk-occupied-check-out'));
    expect(await screen.findByTestId('desk-check-out-dialog', {}, { timeout: 15_000 })).toBeTruthy();
  }, 40_000);

  it('in Arabic, the room number isolated in Arabic-Indic digits; "another room" opens the check-in again', async () => {
    show('ar');
    const occupied = await refusedCheckIn();
    expect(occupied.textContent).toContain('لم تُسجَّل بعدُ مغادرة Khalid Al Harthy من الغرفة \u2066٢٠٤\u2069');
    expect(within(occupied).getByTestId('desk-occupied-other-room').textContent).toBe('اختيار غرفة أخرى');
    fireEvent.click(within(occupied).getByTestId('desk-occupied-other-room'));
    expect(await screen.findByTestId('desk-check-in-dialog', {}, { timeout: 5_000 })).toBeTruthy();
  }, 40_000);
});

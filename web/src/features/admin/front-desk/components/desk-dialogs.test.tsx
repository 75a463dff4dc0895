// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { CheckInOptions, DeskBooking } from '../api/front-desk';
import CheckInDialog from './check-in-dialog';
import CheckOutDialog from './check-out-dialog';

// The API stands in for the server (only in this unit test: the journeys use the real one).
let options: CheckInOptions;
beforeEach(() => {
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal(
    'fetch',
    async () =>
      new Response(JSON.stringify(options), { status: 200, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const today = hotelToday();
const day = (n: number) => addDays(today, n);

const stay = (over: Partial<DeskBooking> = {}) =>
  ({
    id: 41,
    reference: 'K7MQ4PX',
    fullName: 'Aisha Al Rawahi',
    phoneNumber: '91234567',
    roomType: 'gold',
    status: 'approved',
    checkInDate: day(0),
    checkOutDate: day(1),
    nights: 1,
    totalPrice: 13_200,
    nightPrices: [13_200],
    bookedCheckOutDate: null,
    numberOfGuests: 2,
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
    nightsToCome: [{ night: day(0), amountBaisa: 13_200 }],
    expectedBalanceBaisa: 13_200,
    nonRefundable: false,
    ...over,
  }) as DeskBooking;

function show(node: ReactNode, language: 'ar' | 'en' = 'en', role = 'staff') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), { id: 1, email: 'desk@example.com', role, fullName: 'Desk' });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{node}</I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the desk’s check-in, confirmed first', () => {
  beforeEach(() => {
    options = {
      bookingId: 41,
      roomType: 'gold',
      proposed: { id: 7, number: '204', status: 'clean' },
      rooms: [
        { id: 7, number: '204', status: 'clean' },
        { id: 9, number: '206', status: 'inspected' },
      ],
      registration: {
        fullName: 'Aisha Al Rawahi',
        idNumber: 'AB1234567',
        numberOfGuests: 2,
        profileId: null,
        adults: 1,
        companions: [],
        documentExpiry: null,
        nationality: 'OM',
        dateOfBirth: '1990-04-02',
        documentType: 'passport',
        documentNumber: 'P7654321',
        onlineCheckIn: true,
      },
    } as CheckInOptions;
  });

  it('names the room proposed and the ID details; goes only once the ID is checked, into the room chosen', async () => {
    const onConfirm = vi.fn();
    show(<CheckInDialog booking={stay()} isPending={false} onConfirm={onConfirm} onClose={() => {}} />);
    const dialog = await screen.findByTestId('desk-check-in-dialog');
    await waitFor(() =>
      expect(within(dialog).getByTestId('desk-check-in-room').textContent).toContain('204'),
    );
    const registration = within(dialog).getByTestId('desk-check-in-registration').textContent!;
    expect(registration).toContain('P7654321');
    expect(registration).toContain('Passport');
    expect(registration).toContain('Oman');
    const confirm = within(dialog).getByTestId('desk-check-in-confirm');
    expect(confirm.hasAttribute('disabled') || confirm.getAttribute('data-disabled') !== null).toBe(true);
    // The journeys tick it by its test id.
    expect(within(dialog).getByTestId('desk-check-in-id-checked')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('checkbox'));
    await waitFor(() => expect(confirm.getAttribute('data-disabled')).toBeNull());
    fireEvent.click(confirm);
    // A stay without a room: the room proposed goes with the check-in.
    expect(onConfirm).toHaveBeenCalledWith({ roomId: 7, idChecked: true });
  });

  it('another free clean room of the type can be chosen instead, in Arabic too', async () => {
    const onConfirm = vi.fn();
    show(
      <CheckInDialog
        booking={stay({ room: { id: 7, number: '204', status: 'clean' } })}
        isPending={false}
        onConfirm={onConfirm}
        onClose={() => {}}
      />,
      'ar',
    );
    const dialog = await screen.findByTestId('desk-check-in-dialog');
    await waitFor(() =>
      expect(within(dialog).getByTestId('desk-check-in-room').textContent).toContain('٢٠٤'),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /تغيير الغرفة/ }));
    fireEvent.click(await screen.findByRole('option', { name: /٢٠٦/ }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('desk-check-in-room').textContent).toContain('٢٠٦'),
    );
    fireEvent.click(within(dialog).getByRole('checkbox'));
    const confirm = within(dialog).getByTestId('desk-check-in-confirm');
    await waitFor(() => expect(confirm.getAttribute('data-disabled')).toBeNull());
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledWith({ roomId: 9, idChecked: true });
  });
});

describe('the desk’s check-out, asked first', () => {
  it('says what the check-out will ask: the night it posts included, not "nothing due"', () => {
    show(
      <CheckOutDialog
        booking={stay({
          checkedInAt: new Date().toISOString(),
          checkOutDate: day(0),
          checkInDate: day(-1),
          nightsToCome: [{ night: day(-1), amountBaisa: 13_200 }],
        })}
        today={today}
        onClose={() => {}}
        onOpenFolio={() => {}}
      />,
    );
    const balance = screen.getByTestId('desk-check-out-balance');
    expect(balance.getAttribute('data-due-baisa')).toBe('13200');
    expect(balance.textContent).toContain('Due at check-out');
    expect(balance.textContent).toContain('13.200');
  });

  it('a non-refundable stay paid in full, leaving early: the unused nights are kept and nothing is due; a manager may refund them with a reason', async () => {
    const booking = stay({
      checkedInAt: new Date().toISOString(),
      checkInDate: day(-1),
      checkOutDate: day(2),
      nights: 3,
      totalPrice: 33_000,
      nightPrices: [10_000, 11_000, 12_000],
      balanceBaisa: -33_000,
      nightsToCome: [
        { night: day(-1), amountBaisa: 10_000 },
        { night: day(0), amountBaisa: 11_000 },
        { night: day(1), amountBaisa: 12_000 },
      ],
      expectedBalanceBaisa: 0,
      nonRefundable: true,
    });
    show(
      <CheckOutDialog booking={booking} today={today} onClose={() => {}} onOpenFolio={() => {}} />,
      'en',
      'manager',
    );
    expect(screen.getByTestId('desk-check-out-balance').getAttribute('data-due-baisa')).toBe('0');
    expect(screen.getByTestId('desk-unused-nights').textContent).toContain('23.000');
    fireEvent.click(within(screen.getByTestId('desk-unused-nights')).getByRole('checkbox'));
    // Refunded instead: the check-out will find the guest in credit.
    await waitFor(() =>
      expect(screen.getByTestId('desk-check-out-balance').getAttribute('data-due-baisa')).toBe('-23000'),
    );
    expect(screen.getByTestId('desk-check-out-balance').textContent).toContain('In credit at check-out');
  });

  it('moves a balance to a company or a travel agent, never to an online travel agency’s account', async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.includes('/check-out')) {
        return Response.json(
          { error: { code: 'balance_due', message: 'Balance due', balanceBaisa: 13_200 } },
          { status: 409 },
        );
      }
      return Response.json({
        accounts: [
          { id: 3, name: 'Oman LNG', kind: 'company', active: true },
          { id: 4, name: 'Gulf Horizons Travel', kind: 'travel_agent', active: true },
          { id: 5, name: 'booking.com', kind: 'ota', active: true },
          { id: 6, name: 'Closed Co', kind: 'company', active: false },
        ],
      });
    });
    show(
      <CheckOutDialog
        booking={stay({ checkedInAt: new Date().toISOString(), checkInDate: day(-1), checkOutDate: day(0) })}
        today={today}
        onClose={() => {}}
        onOpenFolio={() => {}}
      />,
    );
    fireEvent.click(screen.getByTestId('desk-check-out-confirm'));
    await screen.findByTestId('desk-check-out-due');
    fireEvent.click(await screen.findByRole('button', { name: /Company/ }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Oman LNG', 'Gulf Horizons Travel']);
  });
});

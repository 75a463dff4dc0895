// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { FrontDeskScreen } from './front-desk-screen';

/**
 * The desk at a full house (59 arrivals due today, as the walk found it): counts that say what
 * they count, the stays without a room, and the search by name, room, reference or phone on the
 * day's list already loaded, in both languages.
 */

const today = hotelToday();
const now = Date.now();

function stay(id: number, over: Record<string, unknown> = {}) {
  return {
    id,
    reference: `K7MQ${String(id).padStart(3, '0')}`.replace(/0/g, 'A').replace(/1/g, 'B'),
    fullName: `Guest Number ${id}`,
    phoneNumber: `9689${String(1_000_000 + id)}`,
    roomType: 'gold',
    status: 'confirmed',
    checkInDate: today,
    checkOutDate: addDays(today, 2),
    nights: 2,
    totalPrice: 26_400,
    nightPrices: [13_200, 13_200],
    bookedCheckOutDate: null,
    numberOfGuests: 2,
    adults: 2,
    children: 0,
    room: { id: 1000 + id, number: String(200 + id), status: 'clean' },
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
    source: null,
    channelReference: null,
    channelFlag: null,
    heldNights: 2,
    ...over,
  };
}

// 59 arrivals: 56 still to come (two of them without a room), one arrived, one arrived and gone
// again, and Ahmad (Arabic name) arriving on booking.com.
const arrivals = [
  ...Array.from({ length: 55 }, (_, i) => stay(i + 1, i < 2 ? { room: null } : {})),
  stay(56, { fullName: 'أحمد البلوشي', source: 'booking.com', channelReference: 'BDC-7001' }),
  stay(57, { fullName: 'Badr Arrived', checkedInAt: now - 3_600_000 }),
  stay(58, {
    fullName: 'Dana Day Guest',
    status: 'completed',
    checkedInAt: now - 7_200_000,
    checkedOutAt: now - 600_000,
    checkOutDate: addDays(today, 1),
  }),
  stay(59, {
    fullName: 'Salim Al Harthy',
    reference: 'ET8D8CT',
    room: { id: 2302, number: '302', status: 'dirty' },
  }),
];
const inHouse = [
  arrivals[56]!,
  stay(60, { fullName: 'Hamad Staying On', checkInDate: addDays(today, -1), checkedInAt: now - 86_400_000 }),
  stay(61, {
    fullName: 'Fatma Leaving Today',
    checkInDate: addDays(today, -2),
    checkOutDate: today,
    checkedInAt: now - 2 * 86_400_000,
  }),
];
const departures = [inHouse[2]!, arrivals[57]!];
/** The day the server answers (the full house above unless a test changes it). */
let day = { arrivals, departures, inHouse };

beforeEach(() => {
  // A screen tall enough for the whole day: the lists draw only the rows on screen (WindowList);
  // the test of a full house on a tablet's screen below sets a tablet's height.
  window.innerHeight = 20_000;
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/front-desk') {
      return answer({ date: today, ...day, flagged: [] });
    }
    if (url.pathname === '/api/admin/stay-requests') return answer({ open: [], done: [] });
    return answer([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  day = { arrivals, departures, inHouse };
});

function show(language: 'ar' | 'en') {
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

const tab = (name: RegExp) => screen.getByRole('tab', { name });
const rowsOf = (key: string) => within(screen.getByTestId(`desk-list-${key}`)).getAllByTestId('desk-row');
const search = (text: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: /Find a guest|ابحث عن ضيف/ }), {
    target: { value: text },
  });

describe('the desk at a full house', () => {
  it('counts what each list holds and says so: arrivals keep who came, in house only who is in', async () => {
    show('en');
    await screen.findByTestId('desk-list-arrivals');
    expect(screen.getByTestId('desk-count-arrivals').textContent).toBe('59');
    expect(screen.getByTestId('desk-due-arrivals').textContent).toBe('59');
    expect(screen.getByTestId('desk-to-arrive').textContent).toBe('57');
    expect(screen.getByTestId('desk-arrived').textContent).toBe('2');
    expect(screen.getByTestId('desk-summary-arrivals').textContent).toContain('marked arrived');
    // Those still to come first; who arrived after them.
    const rows = rowsOf('arrivals');
    expect(rows).toHaveLength(59);
    expect(rows.at(-2)!.textContent).toContain('Badr Arrived');
    expect(rows.at(-1)!.textContent).toContain('Dana Day Guest');
    expect(within(rows.at(-2)!).queryByTestId('desk-check-in')).toBeNull();

    expect(screen.getByTestId('desk-count-inHouse').textContent).toBe('3');
    fireEvent.click(tab(/Guests in house/));
    expect(rowsOf('inHouse').map((r) => r.dataset.bookingId)).toEqual(['57', '60', '61']);
    expect(screen.getByTestId('desk-in-house').textContent).toBe('3');
    expect(screen.getByTestId('desk-summary-inHouse').textContent).toContain(
      'Arrivals still to come are not counted',
    );

    fireEvent.click(tab(/Departures/));
    expect(screen.getByTestId('desk-due-departures').textContent).toBe('2');
    expect(screen.getByTestId('desk-to-leave').textContent).toBe('1');
    expect(screen.getByTestId('desk-left').textContent).toBe('1');

    // The arrivals without a room yet, on their own list.
    expect(screen.getByTestId('desk-count-unassigned').textContent).toBe('2');
    fireEvent.click(tab(/No room yet/));
    expect(rowsOf('unassigned').map((r) => r.dataset.bookingId)).toEqual(['1', '2']);
  }, 30_000);

  it('finds a guest by name, room, reference, OTA reference or phone, and counts the matches', async () => {
    show('en');
    await screen.findByTestId('desk-list-arrivals');
    // A name typed without its hamza finds it.
    search('احمد');
    expect(rowsOf('arrivals').map((r) => r.dataset.bookingId)).toEqual(['56']);
    expect(screen.getByTestId('desk-count-arrivals').textContent).toBe('1');
    expect(screen.getByTestId('desk-count-inHouse').textContent).toBe('0');
    // A room number, in Arabic-Indic digits.
    search('٣٠٢');
    expect(rowsOf('arrivals').map((r) => r.dataset.bookingId)).toEqual(['59']);
    // The reference, in lower case with its dash.
    search('et8-d8ct');
    expect(rowsOf('arrivals').map((r) => r.dataset.bookingId)).toEqual(['59']);
    // The OTA's own reference.
    search('bdc-7001');
    expect(rowsOf('arrivals').map((r) => r.dataset.bookingId)).toEqual(['56']);
    // A phone number, as typed with its country code.
    search('+968 9100 0060');
    fireEvent.click(tab(/Guests in house/));
    expect(rowsOf('inHouse').map((r) => r.dataset.bookingId)).toEqual(['60']);
    search('nobody by that name');
    expect(screen.getByText('No stay of this list matches your search.')).toBeTruthy();
    search('');
    expect(rowsOf('inHouse')).toHaveLength(3);
  }, 30_000);

  it('a late arrival (due yesterday, still expected) comes first, says so, and may be checked in or marked a no-show', async () => {
    const yesterday = addDays(today, -1);
    arrivals.unshift(stay(62, { fullName: 'Jawaher Late', checkInDate: yesterday, room: null }));
    try {
      show('en');
      await screen.findByTestId('desk-list-arrivals');
      const [first] = rowsOf('arrivals');
      expect(first!.dataset.bookingId).toBe('62');
      expect(within(first!).getByTestId('desk-state').textContent).toMatch(/^Not checked in: due /);
      expect(within(first!).getByTestId('desk-check-in')).toBeTruthy();
      expect(within(first!).getByTestId('desk-no-show')).toBeTruthy();
      expect(screen.getByTestId('desk-summary-arrivals').textContent).toContain('still expected (late)');
    } finally {
      arrivals.shift();
    }
  }, 30_000);

  it('in Arabic: the lists, their counts and what they mean, in Arabic-Indic digits', async () => {
    show('ar');
    await screen.findByTestId('desk-list-arrivals');
    expect(screen.getByTestId('desk-count-arrivals').textContent).toBe('٥٩');
    expect(screen.getByTestId('desk-summary-arrivals').textContent).toContain('لم يصلوا بعد');
    expect(screen.getByTestId('desk-to-arrive').textContent).toBe('٥٧');
    expect(tab(/لا غرفة بعد/)).toBeTruthy();
    search('Salim');
    expect(rowsOf('arrivals').map((r) => r.dataset.bookingId)).toEqual(['59']);
  }, 30_000);

  it("on a tablet's screen, a house of 120 in house draws only the rows on screen, and the search finds any of them", async () => {
    // 120 guests in house, none of them leaving today.
    const house = Array.from({ length: 120 }, (_, i) =>
      stay(300 + i, {
        fullName: `Resident ${i + 1}`,
        checkInDate: addDays(today, -1),
        checkedInAt: now - 86_400_000,
        room: { id: 3000 + i, number: String(500 + i), status: 'clean' },
      }),
    );
    day = { arrivals: [], departures: [], inHouse: house };
    // A tablet held upright (820 x 1180).
    window.innerHeight = 1180;
    show('en');
    await screen.findByText('No arrivals on this day.');
    fireEvent.click(tab(/Guests in house/));
    expect(screen.getByTestId('desk-count-inHouse').textContent).toBe('120');
    const drawn = rowsOf('inHouse');
    // About a screenful (1180 px of rows of about 121 px) and a few either side: not 120.
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(20);
    // Each row says where it stands in the whole list.
    expect(drawn[0]!.getAttribute('aria-setsize')).toBe('120');
    expect(drawn[0]!.getAttribute('aria-posinset')).toBe('1');
    expect(screen.queryByText('Resident 110')).toBeNull();
    // The search finds a guest far down the list, by name, by room and by reference.
    search('Resident 110');
    expect(rowsOf('inHouse').map((r) => r.dataset.bookingId)).toEqual(['409']);
    search('619');
    expect(rowsOf('inHouse').map((r) => r.dataset.bookingId)).toEqual(['419']);
    search(house[99]!.reference);
    expect(rowsOf('inHouse').map((r) => r.dataset.bookingId)).toEqual(['399']);
  }, 30_000);
});

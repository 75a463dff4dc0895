// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type {
  FlashReport,
  OnTheBooksReport,
  PaceReport,
  PickupReport,
  ProductionReport,
  TourismReturn,
} from '../api/reports';
import { FlashScreen } from './flash-screen';
import { OnTheBooksScreen } from './on-the-books-screen';
import { PaceScreen } from './pace-screen';
import { PickupScreen } from './pickup-screen';
import { ProductionScreen } from './production-screen';
import { ReportsScreen } from './reports-screen';
import { TourismReturnScreen } from './tourism-return-screen';

const today = hotelToday();
const night = (n: number) => addDays(today, n);

/** The worker's answers, in the shapes its routes give (shared/src/flash-production.ts, books-on-hand.ts). */
const flash: FlashReport = {
  extrasRevenueBaisa: { upgrade: 21_000, breakfast: 4_762 },
  outlets: [
    {
      outletId: 3,
      nameAr: 'مقهى الواحة',
      nameEn: 'Oasis Café',
      checks: 4,
      revenueBaisa: 11_540,
      taxesBaisa: { tourism_levy: 460, vat: 600 },
      toRoomsBaisa: 9_000,
      paidBaisa: 3_600,
      paymentsBaisa: {},
      voidedBaisa: 0,
    },
  ],
  date: addDays(today, -1),
  closed: true,
  closedAt: `${today}T00:05:00.000Z`,
  roomsSold: 12,
  roomsForSale: 40,
  occupancy: 0.3,
  adrBaisa: 45_500,
  revparBaisa: 13_650,
  revenueBaisa: { room: 546_000, restaurant: 80_250 },
  totalRevenueBaisa: 626_250,
  paymentsBaisa: { card: 300_000, cash: 20_000 },
  refundsBaisa: { card: 15_000, bank_transfer: 5_000 },
  arrivals: 5,
  arrived: 4,
  departures: 3,
  departed: 3,
  inHouse: 12,
  noShows: 1,
  cancellations: 2,
  outOfOrder: 1,
};
const onTheBooks: OnTheBooksReport = {
  asOf: null,
  live: true,
  by: 'segment',
  nights: [0, 1].map((n) => ({ date: night(n), roomsForSale: 40 })),
  rows: [
    row(0, 'leisure', 3, 0.075),
    row(0, 'corporate', 2, 0.05),
    row(1, 'leisure', 4, 0.1),
    { ...row(1, '', 1, 0.025), tentativeRooms: 2 },
  ],
};
/** Two website requests awaiting an answer and no group at all, over four nights, one empty between. */
const requestsOnly: OnTheBooksReport = {
  asOf: null,
  live: true,
  by: 'roomType',
  nights: [0, 1, 2, 3].map((n) => ({ date: night(n), roomsForSale: 40 })),
  rows: [
    { ...row(0, 'gold', 0, 0), pendingRooms: 1, pendingRevenueBaisa: 40_000 },
    { ...row(3, 'gold', 1, 0.025), pendingRooms: 2, pendingRevenueBaisa: 80_000 },
  ],
};
function row(n: number, key: string, rooms: number, occupancy: number) {
  return {
    date: night(n),
    key,
    label: key,
    rooms,
    revenueBaisa: rooms * 40_000,
    occupancy,
    tentativeRooms: 0,
    tentativeRevenueBaisa: 0,
    pendingRooms: 0,
    pendingRevenueBaisa: 0,
  };
}
const pickup: PickupReport = {
  asOf: today,
  live: true,
  compareTo: addDays(today, -7),
  rows: [
    {
      date: night(0),
      rooms: 5,
      compareRooms: 3,
      pickupRooms: 2,
      revenueBaisa: 200_000,
      compareRevenueBaisa: 120_000,
      pickupRevenueBaisa: 80_000,
    },
    {
      date: night(1),
      rooms: 1,
      compareRooms: 3,
      pickupRooms: -2,
      revenueBaisa: 40_000,
      compareRevenueBaisa: 120_000,
      pickupRevenueBaisa: -80_000,
    },
  ],
};
const pace: PaceReport = {
  asOf: today,
  live: true,
  lastYearAsOf: addDays(today, -365),
  lastYearStored: false,
  rows: [
    {
      date: night(0),
      rooms: 6,
      revenueBaisa: 240_000,
      lastYearDate: addDays(night(0), -365),
      lastYearRooms: null,
      lastYearRevenueBaisa: null,
    },
  ],
};
const production: ProductionReport = {
  from: `${today.slice(0, 7)}-01`,
  to: today,
  by: 'nationality',
  rows: [
    {
      key: 'OM',
      label: 'OM',
      roomNights: 10,
      revenueBaisa: 450_000,
      adrBaisa: 45_000,
      cancellations: 1,
      noShows: 0,
    },
    {
      key: 'DE',
      label: 'DE',
      roomNights: 3,
      revenueBaisa: 150_000,
      adrBaisa: 50_000,
      cancellations: 0,
      noShows: 1,
    },
    {
      key: '',
      label: '',
      roomNights: 1,
      revenueBaisa: 30_000,
      adrBaisa: 30_000,
      cancellations: 0,
      noShows: 0,
    },
  ],
  total: { roomNights: 14, revenueBaisa: 630_000, adrBaisa: 45_000, cancellations: 1, noShows: 1 },
};

const tourism: TourismReturn = {
  month: '2026-10',
  days: 31,
  closedDays: 31,
  complete: true,
  roomsAvailable: 1240,
  roomsSold: 620,
  occupancy: 0.5,
  roomRevenueBaisa: 24_800_000,
  guestNights: 1100,
  arrivals: 400,
  groups: [
    { group: 'omani', arrivals: 150, guestNights: 300 },
    { group: 'gcc', arrivals: 60, guestNights: 150 },
    { group: 'other_arab', arrivals: 20, guestNights: 50 },
    { group: 'asian', arrivals: 80, guestNights: 250 },
    { group: 'european', arrivals: 70, guestNights: 280 },
    { group: 'american', arrivals: 10, guestNights: 40 },
    { group: 'african', arrivals: 3, guestNights: 10 },
    { group: 'oceanian', arrivals: 2, guestNights: 8 },
  ],
  unknown: { arrivals: 5, guestNights: 12 },
  omani: { arrivals: 150, guestNights: 300 },
  nonOmani: { arrivals: 245, guestNights: 788 },
  purposes: [
    { purpose: 'leisure', arrivals: 300, guestNights: 800 },
    { purpose: '', arrivals: 100, guestNights: 300 },
  ],
  unknownNationality: [
    {
      bookingId: 9,
      reference: 'K7MQ4PX',
      fullName: 'Guest Unknown',
      profileId: 4,
      arrival: '2026-10-03',
      guestNights: 12,
    },
  ],
};

let asked: URL[] = [];

// The API stands in for the server (only in this unit test): each report's answer as above.
beforeEach(() => {
  asked = [];
  window.history.replaceState(null, '', '/');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    asked.push(url);
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    switch (url.pathname) {
      case '/api/admin/reports/flash':
        return answer({ ...flash, date: url.searchParams.get('date') ?? flash.date });
      case '/api/admin/reports/on-the-books':
        return url.searchParams.get('asOf') === '2000-01-01'
          ? answer({ error: { code: 'books_not_stored', message: 'No books on hand were stored.' } }, 404)
          : answer(url.searchParams.get('by') === 'roomType' ? requestsOnly : onTheBooks);
      case '/api/admin/reports/pickup':
        return url.searchParams.get('compareTo') === '2000-01-01'
          ? answer({ error: { code: 'books_not_stored', message: 'No books were kept at that close.' } }, 404)
          : answer(pickup);
      case '/api/admin/reports/pace':
        return answer(pace);
      case '/api/admin/reports/production':
        return answer(production);
      case '/api/admin/reports/tourism-return':
        return answer({ ...tourism, month: url.searchParams.get('month') ?? tourism.month });
      case '/api/room-types':
        return answer([{ code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room' }]);
      default:
        return answer([]);
    }
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en', ui: ReactNode) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{ui}</I18nProvider>
    </QueryClientProvider>,
  );
}

const barsOf = (figure: HTMLElement) =>
  [...figure.querySelectorAll('svg[data-chart] rect')] as SVGRectElement[];
const x = (rect: Element) => Number(rect.getAttribute('x'));

describe('the flash report', () => {
  it("reads yesterday's day in Arabic: one digit system, rials with three decimals, the chart's table", async () => {
    show('ar', <FlashScreen />);
    expect((await screen.findByTestId('flash-occupancy')).textContent).toMatch(/^٣٠٪/);
    expect(asked.find((u) => u.pathname === '/api/admin/reports/flash')!.searchParams.get('date')).toBe(
      addDays(today, -1),
    );
    expect(screen.getByTestId('flash-adr').textContent).toBe('٤٥٫٥٠٠\u00a0ر.ع.');
    expect(screen.getByTestId('flash-revenue').textContent).toBe('٦٢٦٫٢٥٠\u00a0ر.ع.');
    expect(screen.getByTestId('flash-arrivals').textContent).toBe('٥ (٤)');
    expect(screen.getByTestId('flash-state').textContent).toContain('مغلق');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('التقرير السريع');
    // The chart's text: a table with a caption, the department's name and its revenue.
    const chart = screen.getByTestId('flash-revenue-chart');
    const table = within(chart).getByRole('table');
    expect(table.querySelector('caption')!.textContent).toContain('الإيرادات حسب القسم');
    expect(within(table).getByRole('rowheader', { name: 'الغرفة' })).toBeTruthy();
    expect(table.textContent).toContain('٥٤٦٫٠٠٠\u00a0ر.ع.');
    expect(barsOf(chart)).toHaveLength(2);
    // Each outlet's revenue and taxes (decision 090), named in the page's language.
    const outlets = within(screen.getByTestId('flash-outlets')).getByRole('table');
    expect(within(outlets).getByRole('rowheader', { name: 'مقهى الواحة' })).toBeTruthy();
    expect(outlets.textContent).toContain('١١٫٥٤٠\u00a0ر.ع.');
    expect(outlets.textContent).toContain('١٫٠٦٠\u00a0ر.ع.');
    // No Latin digit anywhere in the report's text (the dates' picker aside).
    expect(screen.getByTestId('flash-report').textContent).not.toMatch(/[0-9]/);
    expect(screen.getByTestId('report-csv').getAttribute('href')).toBe(
      `/api/admin/reports/flash?date=${addDays(today, -1)}&format=csv&lang=ar`,
    );
    // A past day: its guests in house that night, not "now".
    expect(screen.getByTestId('flash-in-house').previousElementSibling!.textContent).toBe(
      'المقيمون تلك الليلة',
    );
  }, 20_000);

  it('of the day still open: in house tonight', async () => {
    window.history.replaceState(null, '', `/admin/reports/flash?date=${today}`);
    show('en', <FlashScreen />);
    const inHouse = await screen.findByTestId('flash-in-house');
    expect(inHouse.previousElementSibling!.textContent).toBe('In house tonight');
  }, 20_000);

  it('in English', async () => {
    show('en', <FlashScreen />);
    expect((await screen.findByTestId('flash-occupancy')).textContent).toBe('30%');
    expect(screen.getByTestId('flash-revpar').textContent).toBe('OMR\u00a013.650');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Flash report');
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    // Refunds beside the payments of their method; a method that only refunded has its row.
    const payments = within(screen.getByTestId('flash-payments')).getByRole('table');
    expect(
      within(payments)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'MethodAmountRefunds',
      'CardOMR\u00a0300.000OMR\u00a015.000',
      'CashOMR\u00a020.000OMR\u00a00.000',
      'Bank transferOMR\u00a00.000OMR\u00a05.000',
    ]);
  }, 20_000);
});

describe('on the books', () => {
  it('one row per night with a column per segment, stacked bars and the occupancy line', async () => {
    window.history.replaceState(null, '', '/admin/reports/on-the-books?by=segment');
    show('en', <OnTheBooksScreen />);
    const chart = await screen.findByTestId('on-the-books-chart');
    const query = asked.find((u) => u.pathname === '/api/admin/reports/on-the-books')!.searchParams;
    expect(query.get('by')).toBe('segment');
    expect(query.has('asOf')).toBe(false);
    const table = within(chart).getByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Night',
      'Leisure',
      'Corporate',
      'None',
      'Rooms',
      'Awaiting approval',
      'Tentative groups',
      'Room revenue',
      'Occupancy',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '2', '0', '5', '0', '0', 'OMR\u00a0200.000', '12.5%']);
    expect(within(rows[1]!).getAllByRole('cell')[5]!.textContent).toBe('2');
    // Three keys and the tentative groups' rooms on two nights, a bar each (an empty one drawn
    // flat), and the line.
    expect(barsOf(chart)).toHaveLength(8);
    expect(chart.querySelector('polyline')).not.toBeNull();
  }, 20_000);

  it('requests awaiting approval under their own name, never "held for groups"; every night on the axis', async () => {
    window.history.replaceState(null, '', '/admin/reports/on-the-books?by=roomType');
    show('en', <OnTheBooksScreen />);
    const chart = await screen.findByTestId('on-the-books-chart');
    expect(chart.textContent).not.toMatch(/held for groups/i);
    expect(chart.textContent).toContain('Requests awaiting approval');
    // No tentative block: no series for it in the legend.
    expect(chart.textContent).not.toContain('Tentative group blocks');
    const table = within(chart).getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    // The four nights of the window, the two with nothing booked too, in order.
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toHaveLength(4);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['0', '0', '1', '0', 'OMR\u00a00.000', '0%'],
      ['0', '0', '0', '0', 'OMR\u00a00.000', '0%'],
      ['0', '0', '0', '0', 'OMR\u00a00.000', '0%'],
      ['1', '1', '2', '0', 'OMR\u00a040.000', '2.5%'],
    ]);
    // One x label per night (four nights: none thinned out).
    expect(chart.querySelectorAll('svg[data-chart] text[text-anchor="middle"]')).toHaveLength(4);
  }, 20_000);

  it('in Arabic: the requests’ name, and the table’s columns apart on A4', async () => {
    window.history.replaceState(null, '', '/admin/reports/on-the-books?by=roomType');
    show('ar', <OnTheBooksScreen />);
    const chart = await screen.findByTestId('on-the-books-chart');
    expect(chart.textContent).toContain('طلبات بانتظار الموافقة');
    const table = within(chart).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('بانتظار الموافقة');
    expect(table.className).toContain('print:min-w-0');
    expect(table.className).toContain('[&_th]:px-2');
  }, 20_000);

  it('as at a day whose close stored nothing: says so and what to choose, not "try again"', async () => {
    window.history.replaceState(null, '', '/admin/reports/on-the-books?asOf=2000-01-01');
    show('ar', <OnTheBooksScreen />);
    const status = await screen.findByTestId('report-not-stored');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toContain('لم تُحفظ');
    expect(screen.queryByRole('button', { name: 'حاول مرة أخرى' })).toBeNull();
  }, 20_000);

  it('in Arabic the first night is drawn on the right', async () => {
    show('ar', <OnTheBooksScreen />);
    const chart = await screen.findByTestId('on-the-books-chart');
    const bars = barsOf(chart);
    // Night by night, series by series: the first key's bar of the first night, then of the second.
    expect(x(bars[0]!)).toBeGreaterThan(x(bars[bars.length / 2]!));
  }, 20_000);
});

describe('pickup', () => {
  it('bars above and below the line, the totals in words, the CSV of the same choices', async () => {
    show('en', <PickupScreen />);
    const chart = await screen.findByTestId('pickup-chart');
    expect(screen.getByTestId('pickup-total').textContent).toContain('0 room nights, OMR\u00a00.000');
    const [gain, loss] = barsOf(chart);
    // The loss hangs below the zero line, where the gain stands on it.
    expect(Number(loss!.getAttribute('y'))).toBeCloseTo(
      Number(gain!.getAttribute('y')) + Number(gain!.getAttribute('height')),
      5,
    );
    expect(within(chart).getByRole('table').textContent).toContain('-2');
    const href = new URL(screen.getByTestId('report-csv').getAttribute('href')!, 'http://localhost');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      asOf: today,
      compareTo: addDays(today, -1),
      from: today,
      to: addDays(today, 89),
      format: 'csv',
      lang: 'en',
    });
  }, 20_000);

  it('before any close stored the books: says they are stored from the first day close, no "Try again"', async () => {
    window.history.replaceState(null, '', '/admin/reports/pickup?compareTo=2000-01-01');
    show('en', <PickupScreen />);
    const status = await screen.findByTestId('report-not-stored');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toContain('No books on hand were stored for');
    expect(status.textContent).toContain('from the first close on');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(within(status).getByRole('link', { name: 'Open the day close' }).getAttribute('href')).toBe(
      '/admin/day-close',
    );
  }, 20_000);
});

describe('pace', () => {
  it('says when no close was kept a year before, and shows those nights as a dash', async () => {
    show('ar', <PaceScreen />);
    expect((await screen.findByTestId('pace-no-last-year')).textContent).toContain('قبل عام');
    const table = within(screen.getByTestId('pace-chart')).getByRole('table');
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['٦', '—', '—', '٢٤٠٫٠٠٠\u00a0ر.ع.', '—']);
  }, 20_000);
});

describe('production', () => {
  it('by company at first; choosing Nationality asks for it and puts it in the address and the CSV', async () => {
    show('en', <ProductionScreen />);
    await screen.findByTestId('production-chart');
    expect(asked.find((u) => u.pathname === '/api/admin/reports/production')!.searchParams.get('by')).toBe(
      'company',
    );
    // react-aria's Select keeps a native select beside its button (what a form or autofill reads).
    const native = document.querySelector('select')!;
    fireEvent.change(native, { target: { value: 'nationality' } });
    await waitFor(() => expect(window.location.search).toContain('by=nationality'));
    await waitFor(() =>
      expect(
        asked.some(
          (u) => u.pathname === '/api/admin/reports/production' && u.searchParams.get('by') === 'nationality',
        ),
      ).toBe(true),
    );
    expect(screen.getByTestId('report-csv').getAttribute('href')).toContain('by=nationality');
  }, 20_000);

  it('a period ending after today renders, and says the days ahead produced nothing yet', async () => {
    window.history.replaceState(null, '', `/admin/reports/production?to=${addDays(today, 5)}`);
    show('en', <ProductionScreen />);
    await screen.findByTestId('production-chart');
    const ahead = screen.getByTestId('production-ahead');
    expect(ahead.textContent).toContain('count nothing yet');
    expect(within(ahead).getByRole('link').getAttribute('href')).toBe(
      `/admin/reports/on-the-books?from=${today}&to=${addDays(today, 5)}`,
    );
    // No field is marked wrong: the period is allowed, and said.
    expect(document.querySelector('[data-invalid]')).toBeNull();
  }, 20_000);

  it('by nationality: the countries by name, revenue first, and its CSV', async () => {
    window.history.replaceState(null, '', '/admin/reports/production?by=nationality');
    show('en', <ProductionScreen />);
    const chart = await screen.findByTestId('production-chart');
    const names = within(within(chart).getByRole('table'))
      .getAllByRole('rowheader')
      .map((h) => h.textContent);
    expect(names).toEqual(['Oman', 'Germany', 'None']);
    expect(screen.getByTestId('production-total').textContent).toContain('OMR\u00a0630.000');
    expect(barsOf(chart)).toHaveLength(3);
    expect(screen.getByTestId('report-csv').getAttribute('href')).toContain('by=nationality');
    expect(screen.getByTestId('report-csv').getAttribute('href')).toContain('format=csv');
  }, 20_000);
});

describe('the hub', () => {
  it("links each report with the chosen day or period, the flash report yesterday's", async () => {
    show('en', <ReportsScreen />);
    const flashLink = await screen.findByTestId('reports-hub-flash');
    expect(flashLink.getAttribute('href')).toBe(`/admin/reports/flash?date=${addDays(today, -1)}`);
    // The books where they are planned: the next 90 nights; production this month so far.
    expect(screen.getByTestId('reports-hub-pace').getAttribute('href')).toBe(
      `/admin/reports/pace?from=${today}&to=${addDays(today, 89)}`,
    );
    expect(screen.getByTestId('reports-hub-on-the-books').getAttribute('href')).toBe(
      `/admin/reports/on-the-books?from=${today}&to=${addDays(today, 89)}`,
    );
    expect(screen.getByTestId('reports-hub-production').getAttribute('href')).toBe(
      `/admin/reports/production?from=${today.slice(0, 7)}-01&to=${today}`,
    );
  }, 20_000);
});

describe('the monthly tourism return', () => {
  it("opens on last month; in Arabic the groups' figures in one digit system, the unknown guests listed", async () => {
    show('ar', <TourismReturnScreen />);
    const groups = await screen.findByRole('table', { name: /النزلاء وليالي النزلاء حسب الجنسية/ });
    const lastMonth = addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
    expect(
      asked.find((u) => u.pathname === '/api/admin/reports/tourism-return')!.searchParams.get('month'),
    ).toBe(lastMonth);
    expect(screen.getByTestId('tourism-group-omani').textContent).toBe('عماني١٥٠٣٠٠');
    expect(screen.getByTestId('tourism-group-unknown').textContent).toBe('جنسية غير معروفة٥١٢');
    expect(screen.getByTestId('tourism-group-total').textContent).toBe('الإجمالي٤٠٠١٬١٠٠');
    expect(within(groups).getAllByRole('row')).toHaveLength(1 + 8 + 1 + 1);
    expect(screen.getByTestId('tourism-occupancy').textContent).toMatch(/^٥٠٪/);
    expect(screen.getByTestId('tourism-state').textContent).toContain('لم يعد هذا البيان يتغير');
    expect(screen.getByTestId('tourism-unknown').textContent).toContain('Guest Unknown');
    // One digit system, but the booking reference, shown as it is written (isolated left to right).
    expect(screen.getByTestId('tourism-return').textContent!.replace('K7M-Q4PX', '')).not.toMatch(/[0-9]/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('البيان السياحي الشهري');
  }, 20_000);

  it('in English: the month of the address, its CSV, Print, a purpose not recorded', async () => {
    window.history.replaceState(null, '', '/admin/reports/tourism-return?month=2026-10');
    show('en', <TourismReturnScreen />);
    expect((await screen.findByTestId('tourism-rooms-sold')).textContent).toBe('620');
    expect(screen.getByTestId('tourism-revenue').textContent).toBe('OMR\u00a024,800.000');
    expect(screen.getByTestId('report-csv').getAttribute('href')).toBe(
      '/api/admin/reports/tourism-return?month=2026-10&format=csv&lang=en',
    );
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.getByRole('table', { name: /purpose of stay/ }).textContent).toContain('Not recorded');
  }, 20_000);
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { Backtest, HistoryImport, HistoryImports, RevenueEvent } from '@shared/revenue';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { BacktestScreen } from './backtest-screen';
import { EventsScreen } from './events-screen';
import { HistoryScreen } from './history-screen';

const today = hotelToday();

/** The worker's answers, in the shapes its routes give (shared/src/revenue.ts). */
const running: HistoryImport = {
  id: 7,
  fileName: 'old-system.csv',
  fileBytes: 4_000_000,
  status: 'running',
  phase: 'lines',
  bytesRead: 1_000_000,
  rows: 9_500,
  imported: 9_497,
  added: 9_000,
  replaced: 2,
  unchanged: 495,
  refusedCount: 3,
  refused: [
    { line: 6, field: 'arrival', code: 'history_date_invalid' },
    { line: 7, field: 'departure', code: 'history_departure_not_after_arrival' },
    { line: 8, field: 'cancelledOn', code: 'history_cancelled_before_booked' },
  ],
  error: null,
  createdAt: `${today}T08:00:00.000Z`,
  finishedAt: null,
};
const { refused: _, ...listed } = running;
const imports: HistoryImports = {
  imports: [listed],
  history: { lines: 9_497, firstArrival: '2023-01-02', lastArrival: addDays(today, 300) },
};
const events: RevenueEvent[] = [
  {
    id: 1,
    kind: 'eid_al_fitr',
    nameAr: 'عيد الفطر',
    nameEn: 'Eid al-Fitr',
    from: '2026-03-20',
    to: '2026-03-22',
    confirmed: false,
    source: 'computed',
    uncertaintyDays: 1,
  },
  {
    id: 2,
    kind: 'national_day',
    nameAr: 'العيد الوطني',
    nameEn: 'National Day',
    from: '2026-11-20',
    to: '2026-11-21',
    confirmed: true,
    source: 'computed',
    uncertaintyDays: 0,
  },
];
const score = (mae: number, wape: number) => ({ mae, wape });
const backtest: Backtest = {
  from: addDays(today, -90),
  to: addDays(today, -1),
  summary: [
    {
      bucket: '0-3',
      nights: 360,
      forecast: score(2.1, 0.04),
      onTheBooks: score(2, 0.04),
      lastYearFinal: score(6.7, 0.13),
      lastYearPickup: score(2.8, 0.05),
    },
    {
      bucket: '8-14',
      nights: 630,
      forecast: score(4, 0.08),
      onTheBooks: score(10.9, 0.21),
      lastYearFinal: score(6.7, 0.13),
      lastYearPickup: score(5.7, 0.11),
    },
    {
      bucket: '15-30',
      nights: 1440,
      forecast: score(4.6, 0.09),
      onTheBooks: score(26.4, 0.52),
      lastYearFinal: score(6.5, 0.13),
      lastYearPickup: score(6.9, 0.14),
    },
    {
      bucket: '91+',
      nights: 0,
      forecast: score(0, 0),
      onTheBooks: score(0, 0),
      lastYearFinal: score(0, 0),
      lastYearPickup: score(0, 0),
    },
  ],
  days: [],
};

let asked: Request[] = [];
beforeEach(() => {
  asked = [];
  window.history.replaceState(null, '', '/');
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    asked.push(request);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/admin/revenue/history') return answer(imports);
    if (url.pathname === '/api/admin/revenue/history/7') return answer(running);
    if (url.pathname === '/api/admin/revenue/events' && request.method === 'GET') return answer({ events });
    if (url.pathname === '/api/admin/revenue/events/1' && request.method === 'PUT')
      return answer({
        message: 'The event is saved',
        event: { ...events[0], confirmed: true, uncertaintyDays: 0 },
      });
    if (url.pathname === '/api/admin/revenue/backtest') return answer(backtest);
    return answer({ error: { code: 'route_not_found', message: 'No such route' } }, 404);
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

describe('the history screen', () => {
  it('follows the latest import and names each refused line, its column and why, in Arabic', async () => {
    show('ar', <HistoryScreen />);
    const progress = await screen.findByTestId('history-progress');
    expect(progress.getAttribute('data-status')).toBe('running');
    expect(screen.getByTestId('history-count-rows').textContent).toBe('٩٬٥٠٠');
    expect(screen.getByTestId('history-count-refused').textContent).toBe('٣');
    const table = within(progress).getByRole('table');
    const line7 = table.querySelector('[data-line="7"]')!;
    expect(line7.textContent).toContain('٧');
    expect(line7.textContent).toContain('departure');
    expect(line7.textContent).toContain('تاريخ المغادرة ليس بعد تاريخ الوصول');
    expect(table.querySelector('[data-line="6"]')!.textContent).toContain('ليس تاريخًا صحيحًا');
    // The progress of the reading: a quarter of the file.
    expect(within(progress).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    // What the history holds, in Arabic digits.
    expect(screen.getByTestId('revenue-history-summary').textContent).toMatch(/^يضم التاريخ ٩٬٤٩٧ حجزًا/);
  }, 20_000);

  it('in English, and asks again while the import runs', async () => {
    show('en', <HistoryScreen />);
    const progress = await screen.findByTestId('history-progress');
    expect(within(progress).getByRole('table').querySelector('[data-line="8"]')!.textContent).toContain(
      'Cancelled before it was booked',
    );
    expect(screen.getByTestId('history-status').textContent).toMatch(/Reading the file in the background/);
    const before = asked.filter((r) => r.url.endsWith('/history/7')).length;
    await waitFor(
      () => expect(asked.filter((r) => r.url.endsWith('/history/7')).length).toBeGreaterThan(before),
      {
        timeout: 5_000,
      },
    );
  }, 20_000);
});

describe('the calendar screen', () => {
  it('marks a Hijri event ±1 day until confirmed, and confirms it', async () => {
    show('en', <EventsScreen />);
    const list = await screen.findByTestId('events-list');
    const eid = within(list)
      .getAllByTestId('event')
      .find((e) => e.getAttribute('data-kind') === 'eid_al_fitr')!;
    expect(within(eid).getByTestId('event-unconfirmed').textContent).toMatch(/May move a day either way/);
    const national = within(list)
      .getAllByTestId('event')
      .find((e) => e.getAttribute('data-kind') === 'national_day')!;
    expect(within(national).queryByTestId('event-unconfirmed')).toBeNull();
    fireEvent.click(within(eid).getByRole('button', { name: 'Confirm Eid al-Fitr' }));
    await waitFor(() => expect(asked.some((r) => r.method === 'PUT')).toBe(true));
    const put = asked.find((r) => r.method === 'PUT')!;
    expect(await put.clone().json()).toEqual({ confirmed: true });
  }, 20_000);

  it('in Arabic: the names, the year and the dates in Arabic digits', async () => {
    show('ar', <EventsScreen />);
    const list = await screen.findByTestId('events-list');
    expect(list.textContent).toContain('عيد الفطر');
    expect(list.textContent).toContain('قد يتقدم يومًا أو يتأخر يومًا حتى يُؤكَّد');
    expect(screen.getByTestId('events-year').textContent).toBe(
      new Intl.NumberFormat('ar-OM-u-nu-arab', { useGrouping: false }).format(Number(today.slice(0, 4))),
    );
    expect(screen.getByTestId('revenue-events').textContent).not.toMatch(/[0-9]/);
  }, 20_000);
});

describe('the backtest screen', () => {
  it('draws the errors by days ahead beside the three rules, says the gain, and leaves out empty buckets', async () => {
    show('en', <BacktestScreen />);
    const chart = await screen.findByTestId('backtest-chart');
    // Three buckets with nights, four methods each.
    expect(chart.querySelectorAll('svg[data-chart] rect')).toHaveLength(12);
    const table = within(chart).getByRole('table');
    expect(table.querySelector('[data-bucket="8-14"]')!.textContent).toContain('8 to 14 days');
    expect(table.querySelector('[data-bucket="91+"]')).toBeNull();
    expect(screen.getByTestId('backtest-verdict').textContent).toContain(
      "8 to 14 days ahead: the forecast's error is 29.8% below the best of the three rules.",
    );
    const url = new URL(asked.find((r) => r.url.includes('/backtest'))!.url);
    expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual([
      addDays(today, -180),
      addDays(today, -1),
    ]);
  }, 20_000);

  it('in Arabic, one digit system', async () => {
    show('ar', <BacktestScreen />);
    const chart = await screen.findByTestId('backtest-chart');
    expect(within(chart).getByRole('table').textContent).toContain('من ٨ إلى ١٤ يومًا');
    expect(screen.getByTestId('backtest-verdict').textContent).not.toMatch(/[0-9]/);
  }, 20_000);
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type {
  LadderStep,
  PriceSettings,
  Suggestion,
  SuggestionNight,
  Suggestions,
} from '@shared/revenue-prices';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { PriceSettingsScreen } from './price-settings-screen';
import { PricesScreen } from './prices-screen';

const today = hotelToday();
const night = (i: number) => addDays(today, i);

/** The worker's answers, in the shapes its routes give (shared/src/revenue-prices.ts). */
const said = (code: string, en: string, ar: string) => ({ code, values: {}, en, ar });
const step = (s: LadderStep['step'], priceBaisa: number, en: string, ar: string): LadderStep => ({
  step: s,
  factor: 1,
  priceBaisa,
  en,
  ar,
});
function nightOf(i: number, gold: { current: number; ladder: number }): SuggestionNight {
  return {
    date: night(i),
    lead: i,
    onTheBooks: 30 + i,
    forecast: 45,
    low: 40,
    high: 50,
    capacity: 60,
    constrained: false,
    lastYear: { date: addDays(night(i), -364), onTheBooks: 25, final: 41 },
    events:
      i === 2
        ? [
            {
              kind: 'eid_al_adha',
              nameAr: 'عيد الأضحى',
              nameEn: 'Eid al-Adha',
              confirmed: false,
              uncertaintyDays: 1,
            },
          ]
        : [],
    types: {
      gold: {
        currentBaisa: gold.current,
        baseBaisa: gold.current,
        ladderBaisa: gold.ladder,
        ladder: [
          step('base', gold.current, 'Base: the standard plan’s price', 'الأساس: سعر الخطة الأساسية'),
          step(
            'pace',
            gold.ladder,
            'Pace: 80% sold with 14 days to go, last year 61%',
            'الوتيرة: بيع ٨٠٪ قبل ١٤ يومًا، والعام الماضي ٦١٪',
          ),
        ],
        lock: null,
        onTheBooks: 10,
        forecast: 14,
        capacity: 15,
        floorBaisa: 20_000,
        ceilingBaisa: 40_000,
        minStay: null,
        closedToArrival: false,
      },
    },
  };
}
const suggestion = (i: number, current: number, suggested: number): Suggestion => ({
  id: `${night(i)}:gold:price:${current}:${suggested}`,
  kind: 'price',
  date: night(i),
  roomType: 'gold',
  currentBaisa: current,
  suggestedBaisa: suggested,
  limit: i === 2 ? 'ceiling' : null,
  reasons: [
    said(
      'pace',
      '+12%: 80% sold with 14 days to go, last year 61%',
      '+١٢٪: بيع ٨٠٪ قبل ١٤ يومًا، والعام الماضي ٦١٪',
    ),
  ],
  revenueEffectBaisa: 12_500,
});
const data: Suggestions = {
  asOf: today,
  from: today,
  to: night(3),
  nights: [
    nightOf(0, { current: 25_000, ladder: 25_000 }),
    nightOf(1, { current: 25_000, ladder: 28_000 }),
    nightOf(2, { current: 25_000, ladder: 30_000 }),
    nightOf(3, { current: 25_000, ladder: 25_000 }),
  ],
  suggestions: [suggestion(1, 25_000, 28_000), suggestion(2, 25_000, 30_000)],
  autopilot: [
    {
      id: 3,
      closeDate: night(-1),
      ranAt: `${today}T01:00:00.000Z`,
      changes: [{ date: night(5), roomType: 'gold', kind: 'price', fromBaisa: 25_000, toBaisa: 27_000 }],
    },
  ],
};
const settings: PriceSettings = {
  targetOccupancyPercent: 80,
  thresholdPercent: 2,
  stepCapPercent: 30,
  priceStepBaisa: 500,
  autopilot: false,
  limits: [{ roomType: 'gold', from: null, to: null, floorBaisa: 20_000, ceilingBaisa: 40_000 }],
  updatedAt: null,
};
const roomTypes = [{ code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room', active: true }];

let asked: Request[] = [];
let settingsAnswer: { body: unknown; status: number } | null = null;
beforeEach(() => {
  asked = [];
  settingsAnswer = null;
  window.history.replaceState(null, '', '/admin/revenue/prices');
  // jsdom has no CSS.escape, which react-aria's list box reads.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    asked.push(request);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/room-types') return answer(roomTypes);
    if (url.pathname === '/api/admin/revenue/suggestions') return answer(data);
    if (url.pathname === '/api/admin/revenue/suggestions/apply')
      return answer({ applied: 1, unchanged: 0, message: 'One price changed' });
    if (url.pathname === '/api/admin/revenue/locks')
      return answer({ nights: 1, message: 'One night locked' });
    if (url.pathname === '/api/admin/revenue/settings' && request.method === 'GET') return answer(settings);
    if (url.pathname === '/api/admin/revenue/settings' && request.method === 'PUT')
      return settingsAnswer
        ? answer(settingsAnswer.body, settingsAnswer.status)
        : answer({ ...settings, message: 'The settings are saved' });
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

const posted = async () => {
  await waitFor(() => expect(asked.some((r) => r.method === 'POST')).toBe(true));
  return (await asked
    .find((r) => r.method === 'POST')!
    .clone()
    .json()) as { ids: string[] };
};

describe('the price calendar', () => {
  it('shows each night’s books, band, last year and suggestion; a night opens its ladder and reasons; one is approved', async () => {
    show('en', <PricesScreen />);
    const calendar = await screen.findByTestId('prices-calendar');
    const cells = within(calendar).getAllByTestId('price-night');
    expect(cells.map((c) => c.getAttribute('data-date'))).toEqual(data.nights.map((n) => n.date));
    expect(screen.getByTestId('prices-count').textContent).toBe('2 suggestions on 2 nights');
    const second = cells[1]!;
    expect(within(second).getByTestId('price-night-books').textContent).toBe('31 / 60');
    expect(second.textContent).toContain('45 (40–50)');
    expect(second.textContent).toContain('41');
    expect(within(second).getByTestId('suggestion-value').textContent).toMatch(/28\.000.*\+12%/);
    expect(cells[2]!.textContent).toContain('Eid al-Adha (±1)');
    expect(within(cells[0]!).queryByTestId('price-night-tick')).toBeNull();
    expect((await screen.findByTestId('prices-autopilot-last')).textContent).toContain('changed 1 price.');

    fireEvent.click(within(second).getByRole('button', { name: /open its explanation/ }));
    const dialog = await screen.findByTestId('price-night-dialog');
    expect(dialog.textContent).toContain('Pace: 80% sold with 14 days to go, last year 61%');
    expect(within(dialog).getByTestId('price-suggestion-reasons').textContent).toBe(
      '+12%: 80% sold with 14 days to go, last year 61%',
    );
    expect(dialog.textContent).toContain('31 of 60 rooms booked, 1 day ahead');
    fireEvent.click(within(dialog).getByTestId('price-suggestion-approve'));
    expect((await posted()).ids).toEqual([data.suggestions[0]!.id]);
  }, 20_000);

  it('in Arabic, one digit system; two nights ticked are approved in one request', async () => {
    show('ar', <PricesScreen />);
    const calendar = await screen.findByTestId('prices-calendar');
    await waitFor(() => expect(screen.getByTestId('prices-autopilot')).toBeTruthy());
    expect(screen.getByTestId('revenue-prices').textContent).not.toMatch(/[0-9]/);
    expect(calendar.textContent).toContain('عيد الأضحى');
    const ticks = within(calendar).getAllByRole('checkbox');
    expect(ticks).toHaveLength(2);
    for (const tick of ticks) fireEvent.click(tick);
    const approve = screen.getByTestId('prices-approve-selected');
    expect(approve.textContent).toContain('(٢)');
    fireEvent.click(approve);
    expect((await posted()).ids).toEqual(data.suggestions.map((s) => s.id));
  }, 20_000);

  it('approves every suggestion shown at once, and locks a night of a room type', async () => {
    show('en', <PricesScreen />);
    await screen.findByTestId('prices-calendar');
    const all = screen.getByTestId('prices-approve-all');
    expect(all.textContent).toBe('Approve all shown (2)');
    fireEvent.click(all);
    expect((await posted()).ids).toEqual(data.suggestions.map((s) => s.id));

    const first = screen.getAllByTestId('price-night')[0]!;
    fireEvent.click(within(first).getByRole('button', { name: /open its explanation/ }));
    const dialog = await screen.findByTestId('price-night-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lock this night' }));
    await waitFor(() => expect(asked.some((r) => r.url.endsWith('/api/admin/revenue/locks'))).toBe(true));
    const lock = asked.find((r) => r.url.endsWith('/api/admin/revenue/locks'))!;
    expect(lock.method).toBe('PUT');
    expect(await lock.clone().json()).toEqual({ from: today, to: today, roomTypes: ['gold'], locked: true });
  }, 20_000);
});

describe('the price settings', () => {
  it('sends what was typed, Arabic-Indic digits too, and names the server’s refusal under its field', async () => {
    show('ar', <PriceSettingsScreen />);
    const form = await screen.findByTestId('price-settings-form');
    const target = within(form).getByRole('textbox', { name: 'الإشغال المستهدف (٪)' });
    expect((target as HTMLInputElement).value).toBe('٨٠');
    fireEvent.change(target, { target: { value: '٧٥' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'السقف (ر.ع.)' }), {
      target: { value: '١٥' },
    });
    settingsAnswer = {
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'تحقق من الحقول',
          fields: { 'limits.0.ceilingBaisa': 'يجب ألا يقل السقف عن الحد الأدنى' },
        },
      },
    };
    fireEvent.click(within(form).getByTestId('settings-save'));
    await waitFor(() => expect(asked.some((r) => r.method === 'PUT')).toBe(true));
    const body = (await asked
      .find((r) => r.method === 'PUT')!
      .clone()
      .json()) as Record<string, unknown>;
    expect(body).toEqual({
      targetOccupancyPercent: 75,
      thresholdPercent: 2,
      stepCapPercent: 30,
      priceStepBaisa: 500,
      autopilot: false,
      limits: [{ roomType: 'gold', from: null, to: null, floorBaisa: 20_000, ceilingBaisa: 15_000 }],
    });
    expect(await within(form).findByText('يجب ألا يقل السقف عن الحد الأدنى')).toBeTruthy();
  }, 20_000);

  it('refuses a percentage that is not a whole number before sending anything', async () => {
    show('en', <PriceSettingsScreen />);
    const form = await screen.findByTestId('price-settings-form');
    fireEvent.change(within(form).getByRole('textbox', { name: 'Step cap (%)' }), {
      target: { value: 'ten' },
    });
    fireEvent.click(within(form).getByTestId('settings-save'));
    expect(await within(form).findByText('Enter a whole number')).toBeTruthy();
    // A request would have gone by now (the mutation sends on the next ticks).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked.some((r) => r.method === 'PUT')).toBe(false);
  }, 20_000);
});

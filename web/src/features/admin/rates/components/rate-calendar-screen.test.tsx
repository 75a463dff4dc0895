// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as en } from '@/locales/en.po';
import { RateCalendarScreen } from './rate-calendar-screen';

// The date field as the screen's callback sees it: what react-aria passes while a year is typed
// (2027 arrives as 0002, 0020, 0202, then 2027), sent here through a plain input.
vi.mock('@/components/ui/date-picker', () => ({
  DatePicker: ({ value, onChange }: { value: string; onChange: (value: string) => void }) => (
    <input aria-label="First night" value={value} onChange={(e) => onChange(e.target.value)} />
  ),
}));

const asked: string[] = [];
let ratePlans: unknown[] = [];

beforeEach(() => {
  asked.length = 0;
  ratePlans = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const answer = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    if (url.pathname === '/api/admin/rates') {
      asked.push(url.searchParams.get('from') ?? '');
      return answer({ ratePlan: 'standard', nights: [] });
    }
    if (url.pathname === '/api/admin/rate-plans') return answer({ ratePlans });
    if (url.pathname === '/api/room-types')
      return answer([
        { code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room' },
        { code: 'family-suite', nameAr: 'جناح عائلي', nameEn: 'Family Suite' },
      ]);
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

describe('the rate calendar’s first night', () => {
  it('asks for no half-typed year: only the whole, plausible date', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RateCalendarScreen />
        </QueryClientProvider>
      </I18nProvider>,
    );
    await settle();
    const field = screen.getByLabelText<HTMLInputElement>('First night');
    const before = asked.length;
    for (const typed of ['0002-12-01', '0020-12-01', '0202-12-01', '2027-12-01']) {
      await act(async () => {
        const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
        setter.call(field, typed);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await settle();
    }
    // The field keeps what is typed; the calendar asked for 2027 only.
    expect(field.value).toBe('2027-12-01');
    expect(asked.slice(before)).toEqual(['2027-12-01']);
  });
});

describe('the rate calendar’s rows', () => {
  it('has a row for each type the plan sells, a type the hotel added too, named from its data', async () => {
    ratePlans = [
      {
        code: 'standard',
        nameAr: 'السعر القياسي',
        nameEn: 'Standard rate',
        roomTypes: ['gold', 'family-suite'],
        active: true,
      },
    ];
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RateCalendarScreen />
        </QueryClientProvider>
      </I18nProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('rate-row-family-suite').textContent).toContain('Family Suite'),
    );
    expect(
      [...document.querySelectorAll('[data-testid^="rate-row-"]')].map((row) =>
        row.getAttribute('data-testid'),
      ),
    ).toEqual(['rate-row-gold', 'rate-row-family-suite']);
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import CommissionsPanel from './commissions-panel';

// The date fields as plain inputs (the panel's own logic is what is tested here).
vi.mock('@/components/ui/date-picker', () => ({
  DatePicker: ({
    label,
    value,
    onChange,
  }: {
    label: string;
    value: string;
    onChange: (v: string) => void;
  }) => <input aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

/**
 * The travel agents' commissions, Arabic first: each agent's bookings with the net room revenue
 * and the commission in rials with three decimals (the one formatter, Arabic-Indic digits), the
 * total owed, and the CSV download of the same period.
 */

const asked: URL[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/admin/city-ledger') {
      return answer({ accounts: [{ id: 7, name: 'رحلات الخليج', kind: 'travel_agent', active: true }] });
    }
    if (url.pathname === '/api/admin/commissions') {
      asked.push(url);
      return answer({
        roomRevenueBaisa: 123_450,
        commissionBaisa: 12_345,
        agents: [
          {
            travelAgentId: 7,
            travelAgentName: 'رحلات الخليج',
            iata: 'GJ1234',
            commissionPercent: 10,
            roomRevenueBaisa: 123_450,
            commissionBaisa: 12_345,
            bookings: [
              {
                travelAgentId: 7,
                travelAgentName: 'رحلات الخليج',
                iata: 'GJ1234',
                commissionPercent: 10,
                bookingId: 1,
                reference: 'K7MQ4PX',
                guestName: 'سالم الحارثي',
                checkInDate: '2026-10-02',
                checkOutDate: '2026-10-05',
                nights: 3,
                roomRevenueBaisa: 123_450,
                commissionBaisa: 12_345,
              },
            ],
          },
        ],
      });
    }
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the commissions panel', () => {
  it('shows each agent’s bookings and what it is owed in rials, in Arabic, and downloads the same as CSV', async () => {
    i18n.loadAndActivate({ locale: 'ar', messages: ar as never });
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <CommissionsPanel />
        </QueryClientProvider>
      </I18nProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('commissions-total').textContent).toContain('١٢٫٣٤٥\u00a0ر.ع.'),
    );
    expect(screen.getByText('سالم الحارثي')).toBeTruthy();
    expect(screen.getAllByText('١٢٣٫٤٥٠ ر.ع.').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByLabelText('من'), { target: { value: '2026-10-01' } });
    fireEvent.change(screen.getByLabelText('إلى'), { target: { value: '2026-10-31' } });
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('from')).toBe('2026-10-01'));
    const href = new URL(screen.getByTestId('commissions-csv').getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/api/admin/commissions');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      format: 'csv',
      // Its headers in the page's language (a link sends the browser's, not the app's).
      lang: 'ar',
    });
  });

  it('opens on this month, where the stays are being earned (not last month, empty)', async () => {
    i18n.loadAndActivate({ locale: 'ar', messages: ar as never });
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <CommissionsPanel />
        </QueryClientProvider>
      </I18nProvider>,
    );
    await waitFor(() => expect(asked).toHaveLength(1));
    const today = hotelToday();
    const first = `${today.slice(0, 7)}-01`;
    const last = addDays(`${addDays(`${today.slice(0, 7)}-28`, 4).slice(0, 7)}-01`, -1);
    expect(asked[0]!.searchParams.get('from')).toBe(first);
    expect(asked[0]!.searchParams.get('to')).toBe(last);
    expect(last.slice(0, 7)).toBe(today.slice(0, 7));
    expect(Number(last.slice(8))).toBeGreaterThanOrEqual(28);
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { ChannelScreen } from './channel-screen';
import { mappingRows, mappingsBody } from './channel-mappings';

/** GET /api/admin/channel as the server answers it: a 429 met, one booking kept unplaced. */
const status = {
  provider: 'fake',
  enabled: true,
  connected: false,
  lastPushAt: '2026-11-26T10:15:00.000Z',
  lastPullAt: null,
  outboxDepth: 12,
  backoffUntil: null,
  missingSettings: [],
  errors: [
    {
      at: '2026-11-26T10:17:00.000Z',
      message: 'rate: must be greater than 0',
      code: 'values_rejected',
      rejected: {
        kind: 'restrictions',
        roomType: 'gold',
        ratePlan: 'standard',
        from: '2026-12-03',
        to: '2026-12-05',
        fields: ['rate'],
      },
    },
    { at: '2026-11-26T10:16:00.000Z', message: 'HTTP 429', code: 'rate_limited' },
  ],
  pushes: [
    {
      at: '2026-11-26T10:17:00.000Z',
      kind: 'restrictions',
      full: false,
      values: 3,
      bytes: 410,
      outcome: 'warned',
      warnings: 3,
      status: 200,
      requestId: 'F9a-req-77',
      taskIds: ['eb31d631-4fcc-478a-80c3-bf7a2acf0699'],
    },
    {
      at: '2026-11-26T10:15:00.000Z',
      kind: 'availability',
      full: true,
      values: 4,
      bytes: 500,
      outcome: 'accepted',
      warnings: 0,
      status: 200,
      requestId: 'F9a-req-76',
      taskIds: ['03854d5e-5234-43e9-b673-803e91bfe640'],
    },
  ],
  flagged: [
    {
      revisionId: 'rev-2',
      otaName: 'booking.com',
      otaReservationCode: 'BDC-4711',
      reason: 'overbooked',
      bookingId: 77,
    },
    {
      revisionId: 'rev-3',
      otaName: 'expedia',
      otaReservationCode: 'EXP-5120',
      reason: 'over_occupancy',
      bookingId: 78,
      bookingReference: 'M3XQ7RT',
    },
    {
      revisionId: 'rev-4',
      otaName: 'agoda',
      otaReservationCode: 'AGD-9001',
      reason: 'currency_mismatch',
      bookingId: 79,
      bookingReference: 'P9TW2KD',
      currency: 'USD',
      amount: '240.00',
    },
  ],
  revisions: [
    {
      id: 'rev-5',
      status: 'new',
      otaName: 'booking.com',
      otaReservationCode: 'BDC-4800',
      outcome: 'stale',
      via: 'webhook',
      bookingId: null,
      bookingReference: null,
      receivedAt: '2026-11-26T10:18:00.000Z',
      ackedAt: '2026-11-26T10:18:01.000Z',
    },
    {
      id: 'rev-2',
      status: 'new',
      otaName: 'booking.com',
      otaReservationCode: 'BDC-4711',
      outcome: 'overbooked',
      via: 'webhook',
      bookingId: 77,
      bookingReference: 'K7MQ4PX',
      receivedAt: '2026-11-26T10:14:00.000Z',
      ackedAt: '2026-11-26T10:14:01.000Z',
    },
  ],
};
const mappings = {
  roomTypes: [{ code: 'gold', channelId: 'gold' }],
  ratePlans: [{ ratePlan: 'standard', roomType: 'gold', channelId: 'standard:gold' }],
};
const types = [
  { code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room', active: true },
  { code: 'family', nameAr: 'جناح العائلة', nameEn: 'Family Suite', active: true },
];
const plans = {
  ratePlans: [
    { code: 'standard', nameAr: 'السعر العادي', nameEn: 'Standard rate', roomTypes: ['gold', 'family'] },
  ],
};

let puts: { path: string; body: unknown }[] = [];

// The API stands in for the server (only in this unit test).
beforeEach(() => {
  puts = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, code = 200) =>
      new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
    if (request.method === 'PUT' || request.method === 'POST') {
      puts.push({ path: url.pathname, body: await request.json().catch(() => null) });
      if (url.pathname === '/api/admin/channel/mappings') return answer({ message: 'Saved', ...mappings });
      return answer({ message: 'Saved' });
    }
    if (url.pathname === '/api/admin/channel') return answer(status);
    if (url.pathname === '/api/admin/channel/mappings') return answer(mappings);
    if (url.pathname === '/api/room-types') return answer(types);
    if (url.pathname === '/api/rate-plans') return answer(plans);
    return answer([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en', role: 'manager' | 'admin' = 'admin') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), { id: 1, email: 'boss@example.com', role, fullName: 'Boss' });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <ChannelScreen />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the channel screen', () => {
  it('says the link, its queue, the error in words, the booking to place and the latest revision', async () => {
    show('en');
    expect((await screen.findByTestId('channel-connected')).textContent).toBe('Not connected');
    expect(screen.getByTestId('channel-queue').textContent).toBe('12');
    expect(screen.getByTestId('channel-last-pull').textContent).toBe('Never');
    expect(screen.getByTestId('channel-errors').textContent).toContain('asked us to slow down');
    const flagged = screen.getAllByTestId('channel-flagged-booking');
    expect(flagged.map((f) => within(f).getByTestId('channel-flag-reason').textContent)).toEqual([
      'Sold out here: find it a room',
      'More guests than its room type takes: upgrade it or add a room',
      'Priced in another currency, not rials: set its price',
    ]);
    expect(flagged[0]!.textContent).toContain('BDC-4711');
    // The booking's own reference, as every screen shows it, in the link and in the search it opens.
    expect(within(flagged[0]!).getByRole('link').textContent).toBe('Open booking K7M-Q4PX');
    expect(flagged.map((f) => within(f).getByRole('link').getAttribute('href'))).toEqual([
      '/admin/bookings?q=K7M-Q4PX&tab=current',
      '/admin/bookings?q=M3X-Q7RT&tab=current',
      '/admin/bookings?q=P9T-W2KD&tab=current',
    ]);
    expect(within(flagged[2]!).getByTestId('channel-flag-amount').textContent).toMatch(
      /^The OTA sent USD\s240\.00$/,
    );
    const [stale, placed] = screen.getAllByTestId('channel-revision');
    expect(stale!.textContent).toContain('Not applied: a newer change or its cancellation came first');
    expect(placed!.textContent).toContain('New booking');
    expect(placed!.textContent).toContain('Kept, not placed: sold out');
    // How Channex's webhook must be created: the booking events, send_data on, our header.
    const webhook = screen.getByTestId('channel-webhook');
    expect(webhook.textContent).toContain('/api/channel/webhooks/channex');
    expect(webhook.textContent).toContain('booking: every booking revision, new, modified and cancelled');
    expect(webhook.textContent).toContain('send_data: true: the webhook then names its revision');
    expect(webhook.textContent).toContain(
      'x-channex-webhook-secret set to the value of the CHANNEX_WEBHOOK_SECRET setting',
    );
  }, 20_000);

  it('names the values the channel manager ignored (type, plan, nights, what), and each send with its ids', async () => {
    show('en');
    const rejected = await screen.findByTestId('channel-rejected');
    await waitFor(() =>
      expect(rejected.textContent).toContain('Gold Room, Standard rate: 3 Dec 2026 – 5 Dec 2026'),
    );
    expect(rejected.textContent).toContain('Ignored: the price (it must be above zero).');
    expect(screen.getByTestId('channel-rejected-values').textContent).toContain('ignored values we sent');
    // The other errors stay a list of their own.
    expect(screen.getByTestId('channel-errors').textContent).not.toContain('ignored values');
    const pushes = screen.getAllByTestId('channel-push');
    expect(pushes[0]!.textContent).toContain('Prices and restrictions');
    expect(pushes[0]!.textContent).toContain('Accepted, 3 ignored');
    expect(pushes[1]!.textContent).toContain('Full sync');
    expect(screen.getAllByTestId('channel-push-request-id').map((e) => e.textContent)).toEqual([
      'F9a-req-77',
      'F9a-req-76',
    ]);
    expect(screen.getAllByTestId('channel-push-task-id')[1]!.textContent).toBe(
      '03854d5e-5234-43e9-b673-803e91bfe640',
    );
  }, 20_000);

  it('in Arabic', async () => {
    show('ar');
    expect((await screen.findByTestId('channel-connected')).textContent).toBe('غير متصل');
    expect(screen.getByTestId('channel-queue').textContent).toBe('١٢');
    expect(screen.getByTestId('channel-errors').textContent).toContain('طلب مدير القنوات التمهّل');
    expect(screen.getByTestId('channel-flagged').textContent).toContain('لا غرف متاحة لدينا');
    const reasons = screen.getAllByTestId('channel-flag-reason').map((r) => r.textContent);
    expect(reasons[1]).toBe('ضيوف أكثر مما يتسع له نوع غرفته: رقِّه أو أضف غرفة');
    expect(reasons[2]).toBe('سعره بعملة أخرى لا بالريال: حدّد سعره');
    // The OTA's amount in Arabic-Indic digits, as every number in Arabic copy.
    const amount = screen.getByTestId('channel-flag-amount').textContent!;
    expect(amount).toContain('٢٤٠٫٠٠');
    expect(amount).not.toMatch(/[0-9]/);
    expect(screen.getAllByTestId('channel-revision')[0]!.textContent).toContain('لم يُطبَّق');
    expect(screen.getByTestId('channel-webhook').textContent).toContain('الإشعار الفوري لدى Channex');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('مدير القنوات');
    const rejected = screen.getByTestId('channel-rejected');
    await waitFor(() => expect(rejected.textContent).toContain('الغرفة الذهبية، السعر العادي'));
    expect(rejected.textContent).toContain('٣ ديسمبر ٢٠٢٦');
    expect(rejected.textContent).toContain('السعر (يجب أن يزيد على الصفر)');
    expect(screen.getAllByTestId('channel-push')[0]!.textContent).toContain('المتجاهَل منها: ٣');
    // The ids are shown as the channel manager wrote them, left to right.
    expect(screen.getAllByTestId('channel-push-request-id')[0]!.textContent).toBe('F9a-req-77');
  }, 20_000);

  it('an admin maps a type the hotel added and saves the whole set; the full sync is asked for', async () => {
    show('en');
    const field = await screen.findByRole('textbox', { name: 'Family Suite' }, { timeout: 5_000 });
    expect((field as HTMLInputElement).value).toBe('');
    fireEvent.change(field, { target: { value: 'fam-uuid' } });
    fireEvent.click(screen.getByTestId('channel-mappings-save'));
    await waitFor(() => expect(puts.some((p) => p.path === '/api/admin/channel/mappings')).toBe(true));
    expect(puts.find((p) => p.path === '/api/admin/channel/mappings')!.body).toEqual({
      roomTypes: [
        { code: 'gold', channelId: 'gold' },
        { code: 'family', channelId: 'fam-uuid' },
      ],
      ratePlans: [{ ratePlan: 'standard', roomType: 'gold', channelId: 'standard:gold' }],
    });
    fireEvent.click(screen.getByTestId('channel-full-sync'));
    await waitFor(() => expect(puts.some((p) => p.path === '/api/admin/channel/full-sync')).toBe(true));
  }, 20_000);

  it('a manager reads it but changes nothing', async () => {
    show('en', 'manager');
    await screen.findByTestId('channel-read-only');
    expect(screen.queryByTestId('channel-full-sync')).toBeNull();
    expect(screen.queryByTestId('channel-mappings-save')).toBeNull();
  }, 20_000);
});

describe('mapping rows', () => {
  it('every type and plan it sells, then a retired one still mapped; empty ids are left out of the body', () => {
    const rows = mappingRows(
      { roomTypes: [{ code: 'old', channelId: 'X' }], ratePlans: [] },
      [{ code: 'gold' }],
      [{ code: 'standard', roomTypes: ['gold'] }],
    );
    expect(rows).toEqual([
      { roomType: 'gold', ratePlan: '', channelId: '' },
      { roomType: 'gold', ratePlan: 'standard', channelId: '' },
      { roomType: 'old', ratePlan: '', channelId: 'X' },
    ]);
    expect(mappingsBody(rows)).toEqual({ roomTypes: [{ code: 'old', channelId: 'X' }], ratePlans: [] });
  });
});

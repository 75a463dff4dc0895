// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { ManagedBooking } from '../../api/managed-booking';
import { stayRequestKeys, type StayRequestsAnswer } from '../../api/stay-requests';
import { StayRequestsSection } from './stay-requests-section';

// The network stands still: what the section shows comes from the answer put in the cache.
const fetchCalls: string[] = [];
beforeEach(() => {
  fetchCalls.length = 0;
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    fetchCalls.push(String(input));
    return new Promise<Response>(() => undefined);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const booking = (
  over: Record<string, unknown> = {},
  checkedInAt: string | null = '2026-11-24T08:00:00.000Z',
) =>
  ({
    id: 7,
    status: 'approved',
    stay: { checkedInAt, checkedOutAt: null, roomNumber: '204', departureTime: '12:00' },
    ...over,
  }) as unknown as ManagedBooking;

const answer = (inHouse: boolean): StayRequestsAnswer => ({
  inHouse,
  requests: [
    {
      id: 3,
      bookingId: 7,
      type: 'late_checkout',
      note: null,
      requestedTime: '13:30',
      status: 'done',
      staffNote: 'Enjoy your stay',
      createdAt: '2026-11-24T08:10:00.000Z',
      updatedAt: '2026-11-24T08:20:00.000Z',
      doneAt: '2026-11-24T08:20:00.000Z',
    },
  ],
});

function show(b: ManagedBooking, data: StayRequestsAnswer | null, language: 'ar' | 'en' = 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (data) client.setQueryData(stayRequestKeys.of(7), data);
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <StayRequestsSection booking={b} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the stay requests section', () => {
  it('is not there, and asks nothing, before check-in or for a booking that is not approved', async () => {
    show(booking({}, null), null);
    show(booking({ status: 'pending' }), null);
    // A query would have been sent by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('stay-requests')).toBeNull();
    expect(fetchCalls).toEqual([]);
  });

  it('in house: the choices, then my requests with their status and the hotel’s note (Arabic)', () => {
    show(booking(), answer(true), 'ar');
    const section = screen.getByTestId('stay-requests');
    const choices = within(section).getAllByRole('radio');
    expect(choices).toHaveLength(5);
    expect(within(section).getByLabelText('مناشف')).toBeTruthy();
    const mine = within(section).getByTestId('my-stay-request');
    expect(mine.textContent).toContain('مغادرة متأخرة');
    expect(mine.textContent).toContain('١:٣٠ م');
    expect(within(mine).getByTestId('my-stay-request-status').textContent).toContain('تم');
    expect(mine.textContent).toContain('Enjoy your stay');
  });

  it('after check-out: my requests only, no form', () => {
    show(booking({ status: 'completed' }), answer(false));
    expect(screen.queryByTestId('stay-request-form')).toBeNull();
    expect(screen.getByTestId('my-stay-request-status').textContent).toContain('Done');
  });
});

// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { folioKeys } from '@/entities/folio/get-folio';
import { adminBookingKeys } from './booking-keys';
import { useEditBooking } from './edit-booking';

/**
 * The Edit stay dialog's save: the rows behind the dialog (the desk's day, the bookings list)
 * show the saved stay as soon as the server answers, and the tape chart and the stay's folio are
 * asked again; before, only the back office's bookings were asked again, so a row kept its old
 * dates until that answer came, and the tape chart until a reload.
 */

const before = {
  id: 7,
  fullName: 'Aisha',
  checkInDate: '2026-11-26',
  checkOutDate: '2026-11-27',
  numberOfGuests: 2,
  totalPriceBaisa: 12_600,
};
const saved = { ...before, checkOutDate: '2026-11-28', totalPriceBaisa: 25_200, roomId: 3 };
const other = { ...before, id: 8, fullName: 'Salim' };
const deskRow = { ...before, nights: 1, totalPrice: 12_600, room: { id: 3, number: '603' }, balanceBaisa: 0 };

const deskKey = [...adminBookingKeys.all, 'front-desk', '2026-11-26'];
const pageKey = [...adminBookingKeys.all, 'page', { statuses: ['approved'] }];
const tapeKey = ['admin', 'tape-chart', 'chart', '2026-11-26', 14];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('saving an edited stay', () => {
  it('changes its rows at once from the answer, and asks the tape chart and the folio again', async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(deskKey, {
      date: '2026-11-26',
      arrivals: [],
      departures: [],
      inHouse: [deskRow],
    });
    queryClient.setQueryData(pageKey, [other, before]);
    queryClient.setQueryData(tapeKey, { stays: [] });
    queryClient.setQueryData(folioKeys.detail(7), { balanceBaisa: 0, lines: [] });
    // The PATCH answers the saved booking; no other request is answered.
    const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PATCH'
        ? Promise.resolve(
            new Response(JSON.stringify({ message: 'Saved', booking: saved }), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            }),
          )
        : new Promise<Response>(() => {}),
    );
    vi.stubGlobal('fetch', fetch);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useEditBooking(), { wrapper });
    await act(() => result.current.mutateAsync({ id: 7, checkOutDate: '2026-11-28' }));

    const day = queryClient.getQueryData<{ inHouse: (typeof deskRow)[] }>(deskKey)!;
    expect(day.inHouse[0]).toMatchObject({
      id: 7,
      checkOutDate: '2026-11-28',
      nights: 2,
      totalPrice: 25_200,
      room: { id: 3, number: '603' },
      balanceBaisa: 0,
    });
    const page = queryClient.getQueryData<(typeof before)[]>(pageKey)!;
    expect(page).toEqual([other, { ...before, checkOutDate: '2026-11-28', totalPriceBaisa: 25_200 }]);
    expect(queryClient.getQueryState(tapeKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(folioKeys.detail(7))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(deskKey)?.isInvalidated).toBe(true);
  });
});

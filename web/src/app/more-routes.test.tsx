import { hashKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@shared/auth-schemas';
import { SIGNED_IN_HINT_COOKIE, TAPE_CHART_NIGHTS } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { queryClient } from '@/lib/query-client';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { authKeys } from '@/entities/session/auth-keys';
import { bookingCountsQueryOptions } from '@/features/admin/bookings/api/get-booking-counts';
import { bookingPageQueryOptions } from '@/features/admin/bookings/api/get-booking-page';
import { BOOKING_FILTERS } from '@/features/admin/bookings/lib/booking-decisions';
import { serverSearchQuery } from '@/features/admin/bookings/lib/booking-search';
import { frontDeskKeys } from '@/features/admin/front-desk/api/front-desk';
import { tapeChartKeys } from '@/features/admin/tape-chart/api/tape-chart';
import { routeFirstQueries } from './more-routes';

/** The keys of the queries started for `path`, hashed as the query cache hashes them. */
const startedFor = async (path: string) =>
  (await routeFirstQueries(path)).map((query) => hashKey(query.queryKey));

const user = (role: SessionUser['role']): SessionUser => ({
  id: 1,
  fullName: 'Test',
  email: 't@example.com',
  role,
});

describe('the queries a route starts with its code', () => {
  beforeEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
  });
  afterEach(() => {
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
    queryClient.clear();
  });

  it("are the ones each staff screen reads first, with the screen's own query keys", async () => {
    const today = hotelToday();
    expect(await startedFor('/admin/front-desk')).toEqual([hashKey(frontDeskKeys.day(today))]);
    expect(await startedFor('/admin/tape-chart')).toEqual([
      hashKey(tapeChartKeys.chart(today, TAPE_CHART_NIGHTS)),
    ]);
    // The bookings desk opens on the pending tab, unfiltered: the page the screen asks for.
    const firstPage = {
      statuses: BOOKING_FILTERS.pending,
      from: undefined,
      to: undefined,
      q: serverSearchQuery(''),
      cursor: undefined,
    };
    expect(await startedFor('/admin/bookings')).toEqual([
      hashKey(bookingPageQueryOptions(firstPage).queryKey),
      hashKey(bookingCountsQueryOptions().queryKey),
    ]);
    // As wouter matches: any case, a trailing slash.
    expect(await startedFor('/Admin/Front-Desk/')).toEqual([hashKey(frontDeskKeys.day(today))]);
  });

  it("are the guest's booking, by its stored reference, unless the address carries a signed link", async () => {
    expect(await startedFor('/booking/k7m-q4px')).toEqual([hashKey(bookingKeys.managed('K7MQ4PX'))]);
    expect(await startedFor('/booking/K7MQ4PX?t=signed')).toEqual([]);
    expect(await startedFor('/booking/not-a-reference')).toEqual([]);
    expect(await startedFor('/booking')).toEqual([]);
  });

  it('are none for a screen its guard will not show, nor for a screen without such a list', async () => {
    queryClient.setQueryData(authKeys.me(), user('guest'));
    expect(await startedFor('/admin/front-desk')).toEqual([]);
    queryClient.setQueryData(authKeys.me(), null);
    expect(await startedFor('/admin/bookings')).toEqual([]);
    queryClient.setQueryData(authKeys.me(), user('staff'));
    expect(await startedFor('/admin/tape-chart')).toHaveLength(1);

    // No session on this device: nothing is asked of the back office; the guest's page still is.
    queryClient.clear();
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
    expect(await startedFor('/admin/front-desk')).toEqual([]);
    expect(await startedFor('/booking/K7MQ4PX')).toEqual([hashKey(bookingKeys.managed('K7MQ4PX'))]);

    expect(await startedFor('/privacy')).toEqual([]);
    expect(await startedFor('/no-such-page')).toEqual([]);
  });
});

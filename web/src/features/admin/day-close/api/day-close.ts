import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DayCloseReport, TaxReport } from '@shared/day-close';
import { addDays, hotelToday } from '@shared/dates';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';
import { folioKeys } from '@/entities/folio/get-folio';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the day close and the tax report (managers). */
export const dayCloseKeys = {
  report: (date: string) => ['admin', 'day-close', date] as const,
  taxes: (from: string, to: string) => ['admin', 'tax-report', from, to] as const,
};

/** The day the screen opens on: yesterday (hotel time), the day the night audit closes. */
export const defaultCloseDate = () => addDays(hotelToday(), -1);

/** GET /api/admin/day-close/:date: the stored report of a closed day, the figures so far of an open one. */
export async function getDayCloseReport(date: string): Promise<DayCloseReport> {
  return readJson(() => api.admin['day-close'][':date'].$get({ param: { date } }));
}

export const dayCloseQueryOptions = (date: string) =>
  queryOptions({
    queryKey: dayCloseKeys.report(date),
    queryFn: () => getDayCloseReport(date),
    // Fresh for a few seconds: the answer the route's prefetch took from the HTML's request is
    // shown as the screen mounts, not asked again (docs/decisions/070-first-requests-in-the-html.md).
    staleTime: 5_000,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });

export function useDayCloseReport(date: string) {
  return useQuery(dayCloseQueryOptions(date));
}

/** What the screen shows first: started with its code (app/more-routes.tsx). */
export const dayCloseFirstQueries = () => [dayCloseQueryOptions(defaultCloseDate())];

/**
 * What a close changes, as query-key prefixes of the screens that show it (named here: a feature
 * does not import another's keys): its days' reports and the tax report; the manager reports read
 * from the stored books (flash, on the books, pickup, the tourism return); the bookings, front
 * desk and registrations its no-shows cancel (under `admin/bookings`); the folios its room nights
 * post to; the tape chart and housekeeping's day (the no-shows' rooms, the tasks it makes); the
 * outlets' tablets (their business date moves on).
 */
export const DAY_CLOSE_CHANGES = [
  ['admin', 'day-close'],
  ['admin', 'tax-report'],
  ['admin', 'reports'],
  adminBookingKeys.all,
  folioKeys.all,
  ['admin', 'tape-chart'],
  ['admin', 'housekeeping'],
  ['housekeeping', 'tasks'],
  ['outlets'],
] as const;

/** POST /api/admin/day-close: closes the day (a closed one answers its report unchanged). */
export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => readJson(api.admin['day-close'].$post({ json: { date } })),
    networkMode: 'always',
    onSuccess: (result) => {
      queryClient.setQueryData(dayCloseKeys.report(result.report.date), result.report);
      // Everything the close changed is read again (docs/decisions/069-day-close.md): the other
      // days' figures so far and the tax report (the room nights it posted are the month's lines),
      // and, where they are cached, the screens its no-shows, room nights and stored books move.
      for (const queryKey of DAY_CLOSE_CHANGES) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** GET /api/admin/tax-report?from&to (YYYY-MM): each tax's base and amount by month. */
export function useTaxReport(from: string, to: string) {
  return useQuery({
    queryKey: dayCloseKeys.taxes(from, to),
    queryFn: (): Promise<TaxReport> => readJson(() => api.admin['tax-report'].$get({ query: { from, to } })),
    staleTime: 0,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
}

/** The CSV downloads (plain links: the browser saves the file). */
export const dayCloseCsvHref = (date: string) => `/api/admin/day-close.csv?date=${date}`;
export const taxReportCsvHref = (from: string, to: string) =>
  `/api/admin/tax-report.csv?from=${from}&to=${to}`;

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DayCloseReport, TaxReport } from '@shared/day-close';
import { addDays, hotelToday } from '@shared/dates';
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

/** POST /api/admin/day-close: closes the day (a closed one answers its report unchanged). */
export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => readJson(api.admin['day-close'].$post({ json: { date } })),
    networkMode: 'always',
    onSuccess: (result) => {
      queryClient.setQueryData(dayCloseKeys.report(result.report.date), result.report);
      // The next day's figures so far moved (the room nights posted, the balances).
      void queryClient.invalidateQueries({ queryKey: ['admin', 'day-close'] });
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

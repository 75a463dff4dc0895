import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';

export const statisticsKeys = {
  all: ['admin', 'statistics'] as const,
  dashboard: (range: StatisticsRange | null) => [...statisticsKeys.all, 'dashboard', range] as const,
};

/** A chosen range of nights (YYYY-MM-DD, both included); null: the last 30 days. */
export type StatisticsRange = { from: string; to: string };

/** GET /api/statistics/dashboard[?from&to] (admins past the gate; 403 without it). */
export async function getStatisticsDashboard(range: StatisticsRange | null) {
  return readJson(api.statistics.dashboard.$get({ query: range ?? {} }));
}

export type StatisticsDashboard = Awaited<ReturnType<typeof getStatisticsDashboard>>;

export const statisticsDashboardQueryOptions = (range: StatisticsRange | null) =>
  queryOptions({
    queryKey: statisticsKeys.dashboard(range),
    queryFn: () => getStatisticsDashboard(range),
    // Fresh on every visit and dropped when the screen closes (the dashboard also removes it
    // from the cache on leaving, so the persisted copy on the device goes with it).
    staleTime: 0,
    gcTime: 0,
    networkMode: 'always',
    placeholderData: keepPreviousData,
  });

export function useStatisticsDashboard(range: StatisticsRange | null) {
  return useQuery(statisticsDashboardQueryOptions(range));
}

/** The daily series as CSV (the same gate); a plain link downloads it with the session cookie. */
export const DAILY_CSV_URL = '/api/statistics/daily.csv';

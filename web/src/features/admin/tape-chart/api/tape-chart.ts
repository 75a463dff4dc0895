import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TAPE_CHART_NIGHTS } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the tape chart screen. */
export const tapeChartKeys = {
  all: ['admin', 'tape-chart'] as const,
  chart: (from: string, nights: number) => [...tapeChartKeys.all, 'chart', from, nights] as const,
  suggestion: (date: string) => [...tapeChartKeys.all, 'suggestion', date] as const,
};

/**
 * What a change on the tape chart makes stale: the chart, never an open suggestion. Refetching
 * the suggestion under the dialog started its review over, and dropped the dialog's own "saved"
 * (its toast and closing) when Save itself was the change.
 */
export const staleAfterChange = {
  queryKey: tapeChartKeys.all,
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[2] !== 'suggestion',
};

/** GET /api/admin/tape-chart?from=&nights= (staff): rooms × nights, stays, blocks, unassigned stays. */
export function getTapeChart(from: string, nights: number) {
  return readJson(api.admin['tape-chart'].$get({ query: { from, nights: String(nights) } }));
}

export type TapeChart = Awaited<ReturnType<typeof getTapeChart>>;
export type ChartRoom = TapeChart['rooms'][number];
export type ChartStay = TapeChart['stays'][number];
export type ChartBlock = TapeChart['blocks'][number];
export type UnassignedStay = TapeChart['unassigned'][number];

/** Polled every 10 s while visible; the server answers 304 while rooms and bookings are unchanged. */
export const tapeChartQueryOptions = (from: string, nights: number) =>
  queryOptions({
    queryKey: tapeChartKeys.chart(from, nights),
    queryFn: () => getTapeChart(from, nights),
    refetchInterval: 10_000,
    refetchIntervalInBackground: false,
    staleTime: 5_000,
  });

export function useTapeChart(from: string, nights: number, enabled = true) {
  return useQuery({ ...tapeChartQueryOptions(from, nights), enabled });
}

/** What the screen shows first (the nights from today, hotel time): started with its code (app/more-routes.tsx). */
export const tapeChartFirstQueries = () => [tapeChartQueryOptions(hotelToday(), TAPE_CHART_NIGHTS)];

/** GET /api/admin/room-assignments/suggestion?date= : rooms proposed for the day's and the next day's arrivals. */
export function getSuggestion(date: string) {
  return readJson(api.admin['room-assignments'].suggestion.$get({ query: { date } }));
}
export type RoomSuggestion = Awaited<ReturnType<typeof getSuggestion>>;
export type SuggestedAssignment = RoomSuggestion['assignments'][number];

export function useSuggestion(date: string, enabled: boolean) {
  return useQuery({
    queryKey: tapeChartKeys.suggestion(date),
    queryFn: () => getSuggestion(date),
    enabled,
    // Read afresh each time the dialog opens, and never again while staff review it: a refetch
    // starts the review over (every stay ticked again), so coming back to the app or the Wi-Fi
    // returning must not bring one.
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /api/admin/room-assignments: a reviewed set, applied all or nothing. */
export function useApplyAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignments: { bookingId: number; roomId: number }[]) =>
      readJson(api.admin['room-assignments'].$post({ json: { assignments } })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries(staleAfterChange),
  });
}

/** PUT /api/booking-submissions/:id/room: assigns or moves one stay. */
export function useAssignRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, roomId, upgrade }: { bookingId: number; roomId: number; upgrade?: boolean }) =>
      readJson(
        api['booking-submissions'][':id'].room.$put({
          param: { id: String(bookingId) },
          json: { roomId, ...(upgrade ? { upgrade } : {}) },
        }),
      ),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries(staleAfterChange),
  });
}

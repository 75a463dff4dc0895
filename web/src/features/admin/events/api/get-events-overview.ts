import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { eventAdminKeys } from './event-keys';

/**
 * GET /api/event-settings/overview (staff): each event's switch, its entries this month and the
 * entries waiting for a decision (null for location sharing, which nobody judges).
 */
export function getEventsOverview() {
  return readJson(api['event-settings'].overview.$get());
}

/** Refreshed as the moderation screens are (every 30 s while the tab is visible). */
export const eventsOverviewQueryOptions = () =>
  queryOptions({
    queryKey: eventAdminKeys.overview(),
    queryFn: getEventsOverview,
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
  });

export function useEventsOverview() {
  return useQuery(eventsOverviewQueryOptions());
}

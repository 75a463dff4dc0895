import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { eventAdminKeys } from './event-keys';

/** GET /api/location-sharing-submissions (staff): read only, newest first. */
export function getLocationSubmissions() {
  return readJson(api['location-sharing-submissions'].$get());
}

export type LocationSubmission = Awaited<ReturnType<typeof getLocationSubmissions>>[number];

/** Spec section 9: polled every 5 s while the tab is visible. */
export const locationSubmissionsQueryOptions = () =>
  queryOptions({
    queryKey: eventAdminKeys.submissions('location-sharing'),
    queryFn: getLocationSubmissions,
    refetchInterval: TIMING.locationSharingPoll,
    refetchIntervalInBackground: false,
    staleTime: TIMING.locationSharingPoll,
  });

export function useLocationSubmissions() {
  return useQuery(locationSubmissionsQueryOptions());
}

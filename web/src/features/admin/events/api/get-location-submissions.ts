import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../../shared/src/constants';
import { requestJson } from '../../../../lib/api-client';
import { eventAdminKeys } from './event-keys';

export type LocationSubmission = {
  id: number;
  participantPhone: string;
  submissionDate: string;
  shareCount: number;
  isCompleted: boolean;
};

/** GET /api/location-sharing-submissions (staff): read only, newest first. */
export function getLocationSubmissions() {
  return requestJson<LocationSubmission[]>('/location-sharing-submissions');
}

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

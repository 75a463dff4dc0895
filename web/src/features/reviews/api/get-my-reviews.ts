import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { deviceHeaders, deviceId } from '@/lib/device-id';
import { reviewKeys } from './review-keys';

/** GET /api/reviews/mine: this device's (or account's) reviews still awaiting approval. */
export function getMyReviews() {
  return readJson(api.reviews.mine.$get({}, { headers: deviceHeaders() }));
}

export type MyReview = Awaited<ReturnType<typeof getMyReviews>>['reviews'][number];

export const myReviewsQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.mine(deviceId()),
    queryFn: getMyReviews,
    // Staff decide in minutes: look again now and then while the page is open.
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    staleTime: 30_000,
  });

export function useMyReviews() {
  return useQuery(myReviewsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { reviewAdminKeys } from './review-admin-keys';

/** GET /api/admin/reviews (staff): the newest reviews of every status, and the counts per status. */
export function getAdminReviews() {
  return readJson(api.admin.reviews.$get());
}

export type AdminReviews = Awaited<ReturnType<typeof getAdminReviews>>;
export type AdminReview = AdminReviews['reviews'][number];

/**
 * Polled like the other moderation lists (every 5 s while the tab is visible); the server
 * answers 304 while nothing changed, and the persisted cache keeps the list readable offline.
 */
export const adminReviewsQueryOptions = () =>
  queryOptions({
    queryKey: reviewAdminKeys.all,
    queryFn: getAdminReviews,
    refetchInterval: 5_000,
    refetchIntervalInBackground: false,
    staleTime: 5_000,
  });

export function useAdminReviews() {
  return useQuery(adminReviewsQueryOptions());
}

import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { reviewKeys } from './review-keys';

const PAGE = 20;

/** GET /api/reviews: approved reviews, newest first, a page at a time, with the count and average. */
export function getReviews(offset: number) {
  return readJson(api.reviews.$get({ query: { limit: String(PAGE), offset: String(offset) } }));
}

export type ReviewPage = Awaited<ReturnType<typeof getReviews>>;
export type PublicReview = ReviewPage['reviews'][number];

export const reviewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: reviewKeys.list(),
    queryFn: ({ pageParam }) => getReviews(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.offset + last.reviews.length : undefined),
    // Approved reviews change when staff decide: fresh for a minute, kept offline.
    staleTime: 60_000,
  });

export function useReviews() {
  return useInfiniteQuery(reviewsQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { TIMING } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { eventAdminKeys, type ModeratedKind } from './event-keys';

/** A photography or Google review entry as the server lists it: its status and its images. */
export type ModeratedSubmission =
  | InferResponseType<(typeof api)['photography-submissions']['$get'], 200>[number]
  | InferResponseType<(typeof api)['google-review-submissions']['$get'], 200>[number];

export type EventImage = ModeratedSubmission['images'][number];

/**
 * GET /api/photography-submissions or /api/google-review-submissions (staff):
 * every entry, newest first, with its derived status and its images.
 */
export function getModeratedSubmissions(kind: ModeratedKind): Promise<ModeratedSubmission[]> {
  return readJson(
    kind === 'photography' ? api['photography-submissions'].$get() : api['google-review-submissions'].$get(),
  );
}

/**
 * Spec section 7/9: photography polled every 30 s, stale after 15 s, kept
 * 5 minutes, 2 retries 1 s apart; Google reviews polled every 5 s. Polling
 * pauses while the tab is hidden; the persisted cache keeps the last list
 * readable offline.
 */
export const moderatedSubmissionsQueryOptions = (kind: ModeratedKind) =>
  queryOptions({
    queryKey: eventAdminKeys.submissions(kind),
    queryFn: () => getModeratedSubmissions(kind),
    refetchInterval: kind === 'photography' ? TIMING.photographyPoll : TIMING.googleReviewsPoll,
    refetchIntervalInBackground: false,
    staleTime: kind === 'photography' ? TIMING.photographyStale : TIMING.googleReviewsPoll,
    ...(kind === 'photography' && { gcTime: TIMING.photographyGc, retry: 2, retryDelay: 1_000 }),
  });

export function useModeratedSubmissions(kind: ModeratedKind) {
  return useQuery(moderatedSubmissionsQueryOptions(kind));
}

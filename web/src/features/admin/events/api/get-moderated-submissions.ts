import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMING } from '../../../../../../shared/src/constants';
import { requestJson } from '../../../../lib/api-client';
import { deriveStatus, type SubmissionStatus } from '../moderation-rules';
import { eventAdminKeys, type ModeratedKind } from './event-keys';

export type EventImage = { id: string | null; url: string; contentType: string | null };

type ServerImage = { id: string; url: string; contentType: string; byteSize: number };

/** One entry as the server lists it (events contract, staff only). */
type ServerSubmission = {
  id: number;
  participantPhone: string;
  submissionDate: string;
  isApproved: boolean | null;
  adminNotes: string | null;
  status?: SubmissionStatus;
  decidedAt?: string | null;
  images?: ServerImage[];
  photoUrls?: string[];
  screenshotUrls?: string[];
  screenshotUrl?: string | null;
  source?: 'modal' | 'rating_page';
};

/** A photography or Google review entry, the same shape for both screens. */
export type ModeratedSubmission = {
  id: number;
  participantPhone: string;
  submissionDate: string;
  status: SubmissionStatus;
  adminNotes: string | null;
  decidedAt: string | null;
  images: EventImage[];
  source: 'modal' | 'rating_page' | null;
};

function imagesOf(entry: ServerSubmission): EventImage[] {
  if (entry.images?.length) {
    return entry.images.map(({ id, url, contentType }) => ({ id, url, contentType }));
  }
  // The spec's shapes: every screenshot, not only the first.
  const urls = entry.photoUrls ?? entry.screenshotUrls ?? (entry.screenshotUrl ? [entry.screenshotUrl] : []);
  return urls.map((url) => ({ id: null, url, contentType: null }));
}

export function toModerated(entry: ServerSubmission): ModeratedSubmission {
  return {
    id: entry.id,
    participantPhone: entry.participantPhone,
    submissionDate: entry.submissionDate,
    // The server sends the derived status; derive it the spec's way when it does not.
    status: entry.status ?? deriveStatus(entry),
    adminNotes: entry.adminNotes,
    decidedAt: entry.decidedAt ?? null,
    images: imagesOf(entry),
    source: entry.source ?? null,
  };
}

/**
 * GET /api/photography-submissions or /api/google-review-submissions (staff):
 * every entry, newest first, with the addresses of its images.
 * Plain fetch: see lib/api-client.ts sendJson.
 */
export async function getModeratedSubmissions(kind: ModeratedKind): Promise<ModeratedSubmission[]> {
  const list = await requestJson<ServerSubmission[]>(`/${kind}-submissions`);
  return list.map(toModerated);
}

/**
 * Spec section 7/9: photography polled every 30 s, stale after 15 s, kept
 * 5 minutes, 2 retries 1 s apart; Google reviews polled every 5 s. Polling
 * pauses while the tab is hidden; the persisted cache keeps the last list
 * readable offline (DESIGN.md).
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

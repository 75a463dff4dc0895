import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StayRequestPatchInput } from '@shared/front-desk-schemas';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the staff's queue of guests' in-stay requests. */
export const stayRequestQueueKeys = {
  all: ['admin', 'stay-requests'] as const,
};

/**
 * GET /api/admin/stay-requests (staff): `{ open, done }`, the open requests oldest first and the
 * ones finished today, each with its room number, guest, type, note and times.
 */
export function getStayRequestQueue() {
  return readJson(api.admin['stay-requests'].$get());
}
export type StayRequestQueueAnswer = Awaited<ReturnType<typeof getStayRequestQueue>>;
export type QueuedStayRequest = StayRequestQueueAnswer['open'][number];

/** Polled every 5 s while visible (304 while nothing changed); the last list stays readable offline. */
export const stayRequestQueueQueryOptions = () =>
  queryOptions({
    queryKey: stayRequestQueueKeys.all,
    queryFn: getStayRequestQueue,
    refetchInterval: 5_000,
    refetchIntervalInBackground: false,
    staleTime: 5_000,
  });

export function useStayRequestQueue() {
  return useQuery(stayRequestQueueQueryOptions());
}

/** PATCH /api/admin/stay-requests/:id `{ status, note? }`. */
export function answerStayRequest({ id, ...json }: StayRequestPatchInput & { id: number }) {
  return readJson(api.admin['stay-requests'][':id'].$patch({ param: { id: String(id) }, json }));
}

export function useAnswerStayRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerStayRequest,
    // Offline, an answer fails at once with a message instead of waiting.
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: stayRequestQueueKeys.all }),
  });
}

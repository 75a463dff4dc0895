import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StayRequestCreateInput } from '@shared/front-desk-schemas';
import { TIMING } from '@shared/constants';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { api, readJson } from '@/lib/api-client';

/** The guest's in-stay requests of one booking (under bookingKeys.all: a booking's change refreshes them). */
export const stayRequestKeys = {
  of: (bookingId: number) => [...bookingKeys.all, 'stay-requests', bookingId] as const,
};

/**
 * GET /api/stay-requests/mine?bookingId= (the booking's owner: its account or this device's
 * grant): `{ inHouse, requests }`, newest first, each with its status and the staff's note.
 */
export function getStayRequests(bookingId: number) {
  return readJson(api['stay-requests'].mine.$get({ query: { bookingId: String(bookingId) } }));
}
export type StayRequestsAnswer = Awaited<ReturnType<typeof getStayRequests>>;
export type GuestStayRequest = StayRequestsAnswer['requests'][number];

/** Polled like the booking's page while it is open and visible (staff answer while the guest looks). */
export function useStayRequests(bookingId: number, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: stayRequestKeys.of(bookingId),
      queryFn: () => getStayRequests(bookingId),
      enabled,
      refetchInterval: TIMING.bookingsPoll,
      refetchIntervalInBackground: false,
      staleTime: TIMING.bookingsPoll,
      // Opening the page shows where each request stands now, not the copy kept on the device
      // (an unchanged list is a 304).
      refetchOnMount: 'always',
    }),
  );
}

/**
 * POST /api/stay-requests with an `Idempotency-Key` made for this one ask: a repeat of it (a
 * double tap, a retry after a lost answer) is the same request on the server.
 */
export function sendStayRequest({ key, ...json }: StayRequestCreateInput & { key: string }) {
  return readJson(api['stay-requests'].$post({ json }, { headers: { 'Idempotency-Key': key } }));
}

export function useSendStayRequest(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendStayRequest,
    // Offline it fails at once with a clear message (no outbox for these: a request is about now).
    networkMode: 'always',
    onSuccess: (answer) =>
      queryClient.setQueryData<StayRequestsAnswer>(stayRequestKeys.of(bookingId), (old) =>
        old
          ? { ...old, requests: [answer.request, ...old.requests.filter((r) => r.id !== answer.request.id)] }
          : old,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: stayRequestKeys.of(bookingId) }),
  });
}

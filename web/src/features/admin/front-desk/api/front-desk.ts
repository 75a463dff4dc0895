import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TIMING } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';
import { api, readJson } from '@/lib/api-client';

/** Query keys of the desk's day (under the back office's bookings: a booking move refreshes it). */
export const frontDeskKeys = {
  all: [...adminBookingKeys.all, 'front-desk'] as const,
  day: (date: string) => [...frontDeskKeys.all, date] as const,
};

/** GET /api/front-desk?date= (staff): the day's arrivals, departures and stays in house. */
export function getFrontDesk(date: string) {
  return readJson(api['front-desk'].$get({ query: { date } }));
}
export type FrontDeskDay = Awaited<ReturnType<typeof getFrontDesk>>;
export type DeskBooking = FrontDeskDay['arrivals'][number];

/** The day, polled like the booking lists while the screen is shown. */
export const frontDeskQueryOptions = (date: string) =>
  queryOptions({
    queryKey: frontDeskKeys.day(date),
    queryFn: () => getFrontDesk(date),
    refetchInterval: TIMING.bookingsPoll,
    refetchIntervalInBackground: false,
    staleTime: TIMING.bookingsPoll,
  });

export function useFrontDesk(date: string) {
  return useQuery(frontDeskQueryOptions(date));
}

/** What the screen shows first (today, hotel time): started with its code (app/more-routes.tsx). */
export const frontDeskFirstQueries = () => [frontDeskQueryOptions(hotelToday())];

/**
 * GET /api/booking-submissions/:id/check-in (staff): what the desk confirms before a check-in, the
 * room proposed, the free clean rooms of the type, the registration details to check the ID against.
 */
export function getCheckInOptions(id: number) {
  return readJson(api['booking-submissions'][':id']['check-in'].$get({ param: { id: String(id) } }));
}
export type CheckInOptions = Awaited<ReturnType<typeof getCheckInOptions>>;

/** Read when the check-in dialog opens, and again each time (rooms change by the minute). */
export function useCheckInOptions(id: number) {
  return useQuery({
    queryKey: [...frontDeskKeys.all, 'check-in', id] as const,
    queryFn: () => getCheckInOptions(id),
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });
}

export type DeskMove =
  | { move: 'check-in'; id: number; confirmNotClean?: boolean; roomId?: number; idChecked?: boolean }
  | { move: 'no-show'; id: number };

/**
 * POST /api/booking-submissions/:id/check-in | no-show; answers `{ message, ... }`. (The check-out,
 * with its balance step, is api/check-out.ts.)
 */
export function deskMove(request: DeskMove) {
  const param = { id: String(request.id) };
  const stay = api['booking-submissions'][':id'];
  if (request.move === 'check-in') {
    return readJson(
      stay['check-in'].$post({
        param,
        json: {
          confirmNotClean: request.confirmNotClean ?? false,
          ...(request.roomId !== undefined && { roomId: request.roomId }),
          ...(request.idChecked && { idChecked: true }),
        },
      }),
    );
  }
  return readJson(stay['no-show'].$post({ param }));
}

export function useDeskMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deskMove,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
  });
}

/**
 * POST /api/booking-submissions/:id/place (staff): an OTA booking the hotel could not place marked
 * placed, its nights held now if they are not yet; 409 `channel_still_no_room` while sold out.
 */
export function usePlaceFlagged() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      readJson(api['booking-submissions'][':id'].place.$post({ param: { id: String(id) } })),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
  });
}

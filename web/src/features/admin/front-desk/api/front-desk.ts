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

export type DeskMove =
  | { move: 'check-in'; id: number; confirmNotClean?: boolean; roomId?: number }
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

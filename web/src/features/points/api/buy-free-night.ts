import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { bookingKeys } from '@/entities/bookings/booking-keys';
import { roomKeys } from '@/entities/rooms/room-keys';
import { pointsKeys } from './points-keys';

/**
 * POST /api/points/free-night: the server deducts the tier's cost and creates
 * the approved points booking in one batch.
 * 201; 409 insufficient_points | no_rooms_available | no_beds_available |
 * no_smoking_available; 400 with `fields`.
 */
export function buyFreeNight(input: InferRequestType<(typeof api.points)['free-night']['$post']>['json']) {
  return readJson(api.points['free-night'].$post({ json: input }));
}

export function useBuyFreeNight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: buyFreeNight,
    // Fails at once when offline: spending points waits for no queue.
    networkMode: 'always',
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pointsKeys.all }),
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: roomKeys.inventories() }),
      ]),
  });
}

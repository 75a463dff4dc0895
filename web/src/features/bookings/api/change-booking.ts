import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import { api, readJson } from '@/lib/api-client';
import { roomKeys } from '@/entities/rooms/room-keys';
import { bookingKeys } from '@/entities/bookings/booking-keys';

export type BookingChangeBody = InferRequestType<
  (typeof api)['booking-submissions'][':id']['$patch']
>['json'];

/**
 * PATCH /api/booking-submissions/:id: the guest changes their own booking (account or
 * this device's grant). The server re-prices it and, if it was approved, sends it back to pending;
 * 409 `no_*_available` carries alternatives, 409 `cancellation_deadline_passed` past the deadline.
 */
export function changeBooking({ id, change }: { id: number; change: BookingChangeBody }) {
  return readJson(api['booking-submissions'][':id'].$patch({ param: { id: String(id) }, json: change }));
}

export function useChangeBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBooking,
    networkMode: 'always',
    // The booking (its page and My bookings) and the rooms' counts for the old and new nights.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: roomKeys.inventories() }),
      ]),
  });
}

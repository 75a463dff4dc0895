import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { roomKeys } from '@/entities/rooms/room-keys';
import { bookingKeys } from '@/entities/bookings/booking-keys';

/**
 * PATCH /api/booking-submissions/:id/status { status: 'cancelled' }: a guest cancels their own
 * booking (account or this device's grant) while pending, or approved/confirmed up to the
 * deadline (409 `cancellation_deadline_passed` after it; 404 for anyone else's).
 */
export function cancelBooking(id: number) {
  return readJson(
    api['booking-submissions'][':id'].status.$patch({
      param: { id: String(id) },
      json: { status: 'cancelled' },
    }),
  );
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    networkMode: 'always',
    // Spec section 4: refresh bookings and notifications; the freed room returns to the inventory.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: roomKeys.inventories() }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BookingRequest, QUICK_BOOKING_TYPE } from '@shared/booking-schemas';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';
import { roomKeys } from '@/entities/rooms/room-keys';
import { api, readJson } from '@/lib/api-client';

/**
 * POST /api/booking-submissions as a staff quick booking (admin spec section 3:
 * bookingType 'quick_management'; the server fixes cash, pending and 'no extras').
 * 409 no_rooms_available | no_beds_available | no_smoking_available.
 */
export function createQuickBooking(input: BookingRequest) {
  return readJson(api['booking-submissions'].$post({ json: { ...input, bookingType: QUICK_BOOKING_TYPE } }));
}

export function useCreateQuickBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQuickBooking,
    networkMode: 'always',
    // Spec: on success, refresh bookings and inventory.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: roomKeys.inventories() }),
      ]),
  });
}

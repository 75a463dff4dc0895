import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';

/** POST /api/booking-submissions/:id/complete: the stay is over; answers the points added (pointsEarned). */
export function completeBooking(id: number) {
  return readJson(api['booking-submissions'][':id'].complete.$post({ param: { id: String(id) } }));
}

export function useCompleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeBooking,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';

/** DELETE /api/booking-submissions/:id (admins only; audited with the deleted booking). */
export function deleteBooking(id: number) {
  return readJson(api['booking-submissions'][':id'].$delete({ param: { id: String(id) } }));
}

export function useDeleteBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBooking,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
  });
}

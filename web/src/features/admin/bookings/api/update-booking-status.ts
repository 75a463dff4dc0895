import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingStatus } from '@shared/constants';
import { api, readJson } from '@/lib/api-client';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';

export type StatusChange = { id: number; status: BookingStatus; reason?: string };

/**
 * PATCH /api/booking-submissions/:id/status. The server is the judge of the
 * move (409 transition_not_allowed, or status_changed when someone else moved
 * it first). Reject = cancelled with a reason.
 */
export function updateBookingStatus({ id, status, reason }: StatusChange) {
  return readJson(
    api['booking-submissions'][':id'].status.$patch({
      param: { id: String(id) },
      json: { status, ...(reason ? { reason } : {}) },
    }),
  );
}

export function useUpdateBookingStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookingStatus,
    // Offline, a decision fails at once with a message instead of waiting.
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
  });
}

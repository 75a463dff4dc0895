import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBookingKeys } from '@/entities/admin/bookings/booking-keys';
import { api, readJson } from '@/lib/api-client';

/** A manager's move back along a stay's life. */
export type StayReversal = 'undo-check-in' | 'undo-check-out' | 'reinstate';

/**
 * POST /api/booking-submissions/:id/undo-check-in | undo-check-out | reinstate (managers):
 * answers `{ message, booking }`, or an error in the user's language.
 */
export function reverseStay({ move, id }: { move: StayReversal; id: number }) {
  const stay = api['booking-submissions'][':id'];
  const param = { id: String(id) };
  if (move === 'undo-check-in') return readJson(stay['undo-check-in'].$post({ param }));
  if (move === 'undo-check-out') return readJson(stay['undo-check-out'].$post({ param }));
  return readJson(stay.reinstate.$post({ param }));
}

/** The move, then every booking list (the desk's day, the bookings desk, the tape chart) read again. */
export function useStayReversal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reverseStay,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
  });
}

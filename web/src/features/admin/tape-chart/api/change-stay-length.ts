import { useQueryClient } from '@tanstack/react-query';
import { useEditBooking } from '@/entities/admin/bookings/edit-booking';
import { staleAfterChange } from './tape-chart';

/**
 * A stay's departure moved from the tape chart (its bar's end dragged, or "Extend by a night"):
 * the staff edit of the stay (PATCH /api/admin/booking-submissions/:id), which keeps the room when
 * it is free and re-prices; the chart is asked again once it is saved.
 */
export function useChangeStayLength() {
  const queryClient = useQueryClient();
  return useEditBooking(() => void queryClient.invalidateQueries(staleAfterChange));
}

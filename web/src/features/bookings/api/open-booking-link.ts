import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, readJson } from '@/lib/api-client';
import { bookingKeys } from '@/entities/bookings/booking-keys';

/**
 * POST /api/bookings/link { reference, token }: an e-mail's signed link (`/booking/<reference>?t=`)
 * exchanged for the booking and its grant on this device; 410 once past the stay's check-out day,
 * 404 for a link that is not ours.
 */
export function openBookingLink(input: { reference: string; token: string }) {
  return readJson(api.bookings.link.$post({ json: input }));
}

export function useOpenBookingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openBookingLink,
    onSuccess: (answer) => queryClient.setQueryData(bookingKeys.managed(answer.booking.reference), answer),
  });
}

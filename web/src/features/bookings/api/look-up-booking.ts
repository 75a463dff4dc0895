import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingLookup } from '@shared/booking-lookup-schemas';
import { ApiRequestError, api, readJson } from '@/lib/api-client';
import { bookingKeys } from '@/entities/bookings/booking-keys';

/** A 429: too many tries; `retryAfterSeconds` from the answer's Retry-After. */
export class LookupThrottledError extends ApiRequestError {
  constructor(
    body: ConstructorParameters<typeof ApiRequestError>[1],
    readonly retryAfterSeconds: number,
  ) {
    super(429, body);
  }
}

/**
 * POST /api/bookings/lookup { reference, phoneNumber }: the booking, granted to this device (an
 * HttpOnly cookie); 404 for a wrong pair or an unknown reference alike; 429 after 10 tries in 15
 * minutes (from this address, or for this reference).
 */
export async function lookUpBooking(input: BookingLookup) {
  const res = await api.bookings.lookup.$post({ json: input });
  if (res.status === 429) {
    const seconds = Number(res.headers.get('Retry-After'));
    const body = await res.json().catch(() => null);
    throw new LookupThrottledError(
      ApiRequestError.of(429, body).body,
      Number.isFinite(seconds) && seconds > 0 ? seconds : 15 * 60,
    );
  }
  return readJson(res);
}

export function useLookUpBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lookUpBooking,
    // The page shows the booking from the cache at once (and offline later).
    onSuccess: (answer) => queryClient.setQueryData(bookingKeys.managed(answer.booking.reference), answer),
  });
}

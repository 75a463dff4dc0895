/**
 * What the toast for a booking request delivered from the outbox tells the guest besides "sent":
 * the booking's reference from the server's answer, and My bookings only
 * to a guest who has them (the request was queued signed in). A guest without an account is
 * given the reference to keep instead.
 */
export type SentBookingNote =
  | { kind: 'reference_and_my_bookings'; reference: string }
  | { kind: 'reference_to_keep'; reference: string }
  | { kind: 'plain' };

export function sentBookingNote(serverResult: unknown, owner: { userId: number } | null): SentBookingNote {
  const reference = (serverResult as { booking?: { reference?: unknown } } | null)?.booking?.reference;
  if (typeof reference !== 'string' || !reference) return { kind: 'plain' };
  return owner ? { kind: 'reference_and_my_bookings', reference } : { kind: 'reference_to_keep', reference };
}

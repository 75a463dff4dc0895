import { describe, expect, it } from 'vitest';
import { sentBookingNote } from './sent-booking-note';

const answer = { message: 'sent', booking: { id: 7, reference: 'K7MQ4PX' } };

describe('sentBookingNote (a queued booking delivered)', () => {
  it('gives a signed-out guest the reference to keep, never My bookings', () => {
    expect(sentBookingNote(answer, null)).toEqual({ kind: 'reference_to_keep', reference: 'K7MQ4PX' });
  });
  it('gives a signed-in guest the reference and My bookings', () => {
    expect(sentBookingNote(answer, { userId: 3 })).toEqual({
      kind: 'reference_and_my_bookings',
      reference: 'K7MQ4PX',
    });
  });
  it('without a reference in the answer says neither', () => {
    expect(sentBookingNote(null, null)).toEqual({ kind: 'plain' });
    expect(sentBookingNote({ booking: {} }, { userId: 3 })).toEqual({ kind: 'plain' });
  });
});

import { describe, expect, it } from 'vitest';
import { bookingPolicy, cancellationDeadline, guestMayManage, hotelInstant } from './stay-policy';

describe('stay policy', () => {
  it('reads a time on a date in Asia/Muscat (UTC+4, no daylight saving)', () => {
    expect(hotelInstant('2026-12-01', '14:00').toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(hotelInstant('2026-07-01', '00:30').toISOString()).toBe('2026-06-30T20:30:00.000Z');
  });

  it('puts the deadline N hours before check-in time on the arrival day', () => {
    expect(cancellationDeadline('2026-12-01', '14:00', 24).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(cancellationDeadline('2026-12-01', '14:00', 0).toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });

  it('lets a guest manage an approved booking up to the deadline, not a second after', () => {
    const deadline = cancellationDeadline('2026-12-01', '14:00', 24);
    expect(guestMayManage('approved', deadline, new Date(deadline.getTime()))).toBe('ok');
    expect(guestMayManage('confirmed', deadline, new Date(deadline.getTime() + 1000))).toBe(
      'deadline_passed',
    );
    expect(guestMayManage('pending', deadline, new Date(deadline.getTime() + 1000))).toBe('ok');
    expect(guestMayManage('completed', deadline, new Date(0))).toBe('status');
    expect(guestMayManage('cancelled', deadline, new Date(0))).toBe('status');
  });

  it('opens online check-in N hours before check-in time, for approved and confirmed stays', () => {
    const settings = { checkInTime: '14:00', freeCancellationHours: 24, onlineCheckInHours: 72 };
    const booking = { status: 'approved' as const, checkInDate: '2026-12-01' };
    expect(bookingPolicy(booking, settings, new Date('2026-11-28T09:59:59Z')).mayCheckInOnline).toBe(false);
    expect(bookingPolicy(booking, settings, new Date('2026-11-28T10:00:00Z')).mayCheckInOnline).toBe(true);
    expect(
      bookingPolicy({ ...booking, status: 'pending' }, settings, new Date('2026-11-30T10:00:00Z'))
        .mayCheckInOnline,
    ).toBe(false);
  });
});

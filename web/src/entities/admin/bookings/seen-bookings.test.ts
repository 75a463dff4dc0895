// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { markPendingSeen, seenBookingIds, unseenPendingCount } from './seen-bookings';

const list = [
  { id: 1, status: 'pending' },
  { id: 2, status: 'approved' },
  { id: 3, status: 'pending' },
];

describe('the pending badge', () => {
  beforeEach(() => localStorage.clear());

  it('counts pending bookings until the alerts screen marks them seen', () => {
    expect(unseenPendingCount(list, seenBookingIds())).toBe(2);
    markPendingSeen(list);
    expect(localStorage.getItem('adminSeenBookings')).toBe('[1,3]');
    expect(unseenPendingCount(list, seenBookingIds())).toBe(0);
    // A new pending booking arrives: only it counts.
    expect(unseenPendingCount([{ id: 4, status: 'pending' }, ...list], seenBookingIds())).toBe(1);
  });

  it('keeps the same set while nothing changes, and survives a damaged value', () => {
    markPendingSeen(list);
    expect(seenBookingIds()).toBe(seenBookingIds());
    localStorage.setItem('adminSeenBookings', '{oops');
    expect(seenBookingIds().size).toBe(0);
  });
});

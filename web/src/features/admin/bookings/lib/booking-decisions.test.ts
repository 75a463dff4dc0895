import { describe, expect, it } from 'vitest';
import { decisionsFor } from './booking-decisions';

describe('decisionsFor', () => {
  it('offers what the status allows, reject for pending and cancel later', () => {
    expect(decisionsFor('pending', false)).toEqual(['approve', 'reject']);
    expect(decisionsFor('approved', false)).toEqual(['confirm', 'complete', 'cancel']);
    expect(decisionsFor('confirmed', false)).toEqual(['complete', 'cancel']);
    expect(decisionsFor('completed', false)).toEqual([]);
    expect(decisionsFor('cancelled', false)).toEqual([]);
    // A guest in house leaves through the desk's check-out: no complete, no cancel.
    expect(decisionsFor('approved', false, 'in_house')).toEqual(['confirm']);
    expect(decisionsFor('confirmed', false, 'in_house')).toEqual([]);
    expect(decisionsFor('confirmed', false, 'booked')).toEqual(['complete', 'cancel']);
  });

  it('offers no complete before the stay has begun (its arrival day, or a check-in)', () => {
    expect(decisionsFor('approved', false, 'booked', false)).toEqual(['confirm', 'cancel']);
    expect(decisionsFor('confirmed', true, 'booked', false)).toEqual(['cancel', 'delete']);
    expect(decisionsFor('confirmed', false, 'booked', true)).toEqual(['complete', 'cancel']);
  });

  it('adds delete for admins only', () => {
    expect(decisionsFor('cancelled', true)).toEqual(['delete']);
    expect(decisionsFor('pending', true)).toEqual(['approve', 'reject', 'delete']);
  });
});

import { describe, expect, it } from 'vitest';
import { guestCountsOf, storedGuests } from './guest-counts';

describe('a stay’s adults and children', () => {
  it('reads an older client’s numberOfGuests as that many adults, and none as two adults', () => {
    expect(guestCountsOf({ numberOfGuests: 3 })).toEqual({ numberOfGuests: 3, adults: 3, children: 0 });
    expect(guestCountsOf({})).toEqual({ numberOfGuests: 2, adults: 2, children: 0 });
  });

  it('adds adults and children up, taking what is left out from the base (a change: the booking’s)', () => {
    expect(guestCountsOf({ adults: 2, children: 3 })).toEqual({ numberOfGuests: 5, adults: 2, children: 3 });
    const booking = { adults: 2, children: 1 };
    expect(guestCountsOf({ children: 3 }, booking)).toEqual({ numberOfGuests: 5, adults: 2, children: 3 });
    expect(guestCountsOf({ adults: 1 }, booking)).toEqual({ numberOfGuests: 2, adults: 1, children: 1 });
    expect(guestCountsOf({ numberOfGuests: 4, children: 1 })).toEqual({
      numberOfGuests: 4,
      adults: 3,
      children: 1,
    });
    expect(guestCountsOf({ numberOfGuests: 5, adults: 2, children: 3 })).toMatchObject({ numberOfGuests: 5 });
  });

  it('refuses counts that cannot be: no adult, a sum that disagrees, more than twelve', () => {
    expect(guestCountsOf({ numberOfGuests: 2, children: 2 })).toBeNull();
    expect(guestCountsOf({ numberOfGuests: 4, adults: 2, children: 3 })).toBeNull();
    expect(guestCountsOf({ adults: 6, children: 7 })).toBeNull();
    expect(guestCountsOf({ numberOfGuests: 2, adults: 3 })).toBeNull();
  });

  it('reads a stored booking without adults and children (made before them) as all adults', () => {
    expect(storedGuests({ numberOfGuests: 3, adults: null, children: null })).toEqual({
      numberOfGuests: 3,
      adults: 3,
      children: 0,
    });
    expect(storedGuests({ numberOfGuests: 5, adults: 2, children: 3 })).toEqual({
      numberOfGuests: 5,
      adults: 2,
      children: 3,
    });
    // Counts that no longer add up (a row changed without them) fall back to adults.
    expect(storedGuests({ numberOfGuests: 4, adults: 2, children: 0 })).toEqual({
      numberOfGuests: 4,
      adults: 4,
      children: 0,
    });
  });
});

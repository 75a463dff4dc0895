import { describe, expect, it } from 'vitest';
import {
  BOOKING_REFERENCE_ALPHABET,
  bookingReferenceQuery,
  formatBookingReference,
  isBookingReference,
  normalizeBookingReference,
  randomBookingReference,
} from './booking-reference';
import { bookingReferenceSchema } from './booking-schemas';

// Any source of bytes for the shape; the worker's is crypto.getRandomValues.
const anyBytes = (b: Uint8Array) => b.map(() => Math.floor(Math.random() * 256));

describe('booking references', () => {
  it('use an alphabet without look-alikes', () => {
    for (const ch of '0O1IL') expect(BOOKING_REFERENCE_ALPHABET).not.toContain(ch);
    expect(new Set(BOOKING_REFERENCE_ALPHABET).size).toBe(BOOKING_REFERENCE_ALPHABET.length);
  });
  it('are 7 random characters of the alphabet, each character in use', () => {
    const made = Array.from({ length: 500 }, () => randomBookingReference(anyBytes));
    expect(made.every(isBookingReference)).toBe(true);
    expect(new Set(made).size).toBe(made.length);
    expect(new Set(made.join(''))).toEqual(new Set(BOOKING_REFERENCE_ALPHABET));
  });
  it('draw again bytes that would favour the first characters', () => {
    // 248 and above are skipped: 248 % 31 would be "2" again.
    let calls = 0;
    const bytes = (b: Uint8Array) => b.fill(calls++ === 0 ? 250 : 0);
    expect(randomBookingReference(bytes)).toBe('2222222');
    expect(calls).toBe(2);
  });
  it('are shown as K7M-Q4PX and read back however they are typed', () => {
    expect(formatBookingReference('K7MQ4PX')).toBe('K7M-Q4PX');
    expect(normalizeBookingReference(' k7m-q4px ')).toBe('K7MQ4PX');
    expect(normalizeBookingReference('k7m q4px')).toBe('K7MQ4PX');
    expect(normalizeBookingReference('K٧M-Q٤PX')).toBe('K7MQ4PX');
    expect(bookingReferenceSchema.parse('k7m-q4px')).toBe('K7MQ4PX');
    expect(bookingReferenceSchema.safeParse('K0MQ4PX').success).toBe(false);
    expect(bookingReferenceSchema.safeParse('K7MQ4P').success).toBe(false);
  });
  it('are searched for only when the text typed can be part of one', () => {
    expect(bookingReferenceQuery('k7m-q4')).toBe('K7MQ4');
    expect(bookingReferenceQuery(' K7M Q4PX ')).toBe('K7MQ4PX');
    expect(bookingReferenceQuery('Salim')).toBeNull();
    expect(bookingReferenceQuery('k7')).toBeNull();
    expect(bookingReferenceQuery('K7MQ4PXZZ')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { formatRoomNumber } from './room-number';

describe('formatRoomNumber', () => {
  it('writes the digits of an Arabic text as Arabic-Indic ones, never grouped', () => {
    expect(formatRoomNumber('204', 'ar')).toBe('\u2066٢٠٤\u2069');
    expect(formatRoomNumber('1024', 'ar')).toBe('\u2066١٠٢٤\u2069');
    expect(formatRoomNumber('0', 'ar')).toBe('\u2066٠\u2069');
  });
  it('keeps the letters and signs of a number as the hotel writes it', () => {
    expect(formatRoomNumber('A12', 'ar')).toBe('\u2066A١٢\u2069');
    expect(formatRoomNumber('12-B', 'ar')).toBe('\u2066١٢-B\u2069');
  });
  it('shows the number as stored in English', () => {
    expect(formatRoomNumber('204', 'en')).toBe('\u2066204\u2069');
    expect(formatRoomNumber('A12', 'en')).toBe('\u2066A12\u2069');
  });
  it('isolates it left to right, so it keeps its order inside a sentence of either language', () => {
    for (const language of ['ar', 'en'] as const) {
      expect(formatRoomNumber('12-B', language)).toMatch(/^\u2066[^\u2066\u2069]+\u2069$/);
    }
  });
});

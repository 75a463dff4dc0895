// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAvailability } from '@/entities/availability/get-availability';
import { getQuote } from './get-quote';

afterEach(() => vi.unstubAllGlobals());

/** The address of each request the stubbed fetch was asked for, as URLSearchParams. */
function askedQueries() {
  const asked: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    asked.push(url.searchParams);
    return new Response('{}', { headers: { 'content-type': 'application/json' } });
  });
  return asked;
}

describe('the price and the calendar ask for the stay’s adults and children', () => {
  it('a family of 2 adults and 3 children is quoted as such, not as five adults', async () => {
    const asked = askedQueries();
    await getQuote({
      roomType: 'family-suite',
      ratePlan: 'standard',
      checkInDate: '2030-01-10',
      checkOutDate: '2030-01-12',
      numberOfGuests: 5,
      children: 3,
    });
    await getAvailability('family-suite', '2030-01-01', {
      ratePlan: 'standard',
      numberOfGuests: 5,
      children: 3,
    });
    for (const query of asked) {
      expect([query.get('adults'), query.get('children'), query.get('numberOfGuests')]).toEqual([
        '2',
        '3',
        null,
      ]);
    }
    expect(asked).toHaveLength(2);
  });

  it('without children, all adults (two by default on the calendar)', async () => {
    const asked = askedQueries();
    await getQuote({
      roomType: 'gold',
      ratePlan: 'standard',
      checkInDate: '2030-01-10',
      checkOutDate: '2030-01-12',
      numberOfGuests: 3,
    });
    await getAvailability('gold', '2030-01-01');
    expect(asked.map((q) => [q.get('adults'), q.get('children')])).toEqual([
      ['3', '0'],
      ['2', '0'],
    ]);
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roomTypesQueryOptions } from '@/entities/rooms/get-room-types';
import { testRoomType } from '@/entities/rooms/test-room-type';
import { i18n } from '@/lib/i18n';
import { messages as en } from '@/locales/en.po';
import ChangeBookingDialog, { type ChangeableBooking } from './change-booking-dialog';

// jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
if (typeof CSS === 'undefined' || !CSS.escape) {
  vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
}

const familySuite = testRoomType('family-suite', {
  nameAr: 'جناح عائلي',
  nameEn: 'Family Suite',
  maxAdults: 2,
  maxChildren: 3,
  maxOccupancy: 5,
});
const booking: ChangeableBooking = {
  id: 12,
  checkInDate: '2030-03-10',
  checkOutDate: '2030-03-12',
  numberOfGuests: 4,
  adults: 2,
  children: 2,
  roomType: 'family-suite',
  bedType: 'double',
  smokingPreference: 'non_smoking',
  ratePlan: 'standard',
};

let patches: unknown[] = [];
beforeEach(() => {
  patches = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    if (request.method === 'PATCH') {
      patches.push(await request.json());
      return new Response(JSON.stringify({ booking: { totalPriceBaisa: 94_000 }, message: 'Saved' }), {
        headers: { 'content-type': 'application/json' },
      });
    }
    return new Response('{}', { status: 404 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  if (typeof CSS === 'undefined' || !CSS.escape) vi.stubGlobal('CSS', { escape: (value: string) => value });
});

describe('changing a booking’s adults and children', () => {
  it('a third child in the family suite is sent as adults 2, children 3, five guests', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(roomTypesQueryOptions().queryKey, [familySuite]);
    render(
      <QueryClientProvider client={client}>
        <I18nProvider i18n={i18n}>
          <ChangeBookingDialog booking={booking} onClose={() => {}} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    const children = screen.getByRole('textbox', { name: 'Children' });
    expect((children as HTMLInputElement).value).toBe('2');
    // The type's own limit: a fourth child is not offered.
    fireEvent.change(children, { target: { value: '4' } });
    fireEvent.blur(children);
    expect((children as HTMLInputElement).value).toBe('3');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(patches).toEqual([{ adults: 2, children: 3, numberOfGuests: 5 }]);
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roomTypesQueryOptions } from '@/entities/rooms/get-room-types';
import { testRoomType } from '@/entities/rooms/test-room-type';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { ManagedBooking } from '../../api/managed-booking';
import OnlineCheckInForm from './online-check-in-form';

// A type the hotel added: two adults and three children, five in all.
const familySuite = testRoomType('family-suite', {
  nameAr: 'جناح عائلي',
  nameEn: 'Family Suite',
  maxAdults: 2,
  maxChildren: 3,
  maxOccupancy: 5,
});
const booking = {
  id: 9,
  roomType: 'family-suite',
  numberOfGuests: 5,
  adults: 2,
  children: 3,
  onlineCheckIn: null,
} as unknown as ManagedBooking;

beforeEach(() => {
  // The registration details the hotel holds: none (the form starts empty).
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 404 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(roomTypesQueryOptions().queryKey, [familySuite]);
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <OnlineCheckInForm booking={booking} onDone={() => {}} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

/** Types `value` into the number field named `name` and leaves it (react-aria reads it on blur). */
function type(name: string, value: string) {
  const input = screen.getByRole('textbox', { name });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('online check-in within the room type’s limits', () => {
  it('offers the type’s own numbers: at most two adults and three children in the family suite', () => {
    show('en');
    type('Adults', '3');
    type('Children', '4');
    expect((screen.getByRole('textbox', { name: 'Adults' }) as HTMLInputElement).value).toBe('2');
    expect((screen.getByRole('textbox', { name: 'Children' }) as HTMLInputElement).value).toBe('3');
    // Arabic labels, the same limits.
    cleanup();
    show('ar');
    type('البالغون', '4');
    expect((screen.getByRole('textbox', { name: 'البالغون' }) as HTMLInputElement).value).toBe('2');
  });
});

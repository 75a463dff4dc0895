// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { type BookingFlow, BookingFlowContext } from '@/entities/bookings/booking-flow';
import { roomTypesQueryOptions } from '@/entities/rooms/get-room-types';
import { testRoomType } from '@/entities/rooms/test-room-type';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { type BookingDraft, emptyDraft } from '../lib/booking-draft';
import { BookingForm } from './booking-form';

// jsdom has no CSS.escape, which react-aria reads a meta tag with.
if (typeof CSS === 'undefined' || !CSS.escape) {
  vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
}

// The type as the device last loaded it: six guests fit there, so the device asks the server,
// which has the type's newer limits and refuses.
const familySuite = testRoomType('family-suite', {
  nameAr: 'جناح عائلي',
  nameEn: 'Family Suite',
  maxAdults: 6,
  maxChildren: 3,
  maxOccupancy: 6,
  priceBaisa: 45_000,
});
const checkIn = addDays(hotelToday(), 30);
const draft: BookingDraft = {
  ...emptyDraft,
  checkInDate: checkIn,
  checkOutDate: addDays(checkIn, 2),
  adults: 4,
  children: 2,
};
const flow: BookingFlow = { bookRoom: () => {}, openQuickBooking: () => {} };
const offlineText = {
  en: 'The price shows once your phone is online again; the hotel confirms it.',
  ar: 'يظهر السعر عند عودة هاتفك إلى الاتصال، ويؤكده الفندق.',
};

let quotesAsked = 0;

/**
 * The form with the quote answered by `quote` (every other call: no answer the form can use), once
 * the quote has been asked and answered.
 */
async function open(language: 'ar' | 'en', quote: () => Promise<Response>) {
  quotesAsked = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    if (new URL(request.url).pathname === '/api/quote') {
      quotesAsked += 1;
      return quote();
    }
    return new Response('{}', { status: 503 });
  });
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(roomTypesQueryOptions().queryKey, [familySuite]);
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <BookingFlowContext.Provider value={flow}>
          <BookingForm
            mode={{ kind: 'room', roomType: 'family-suite' }}
            draft={draft}
            onDraftChange={() => {}}
            onBooked={() => {}}
          />
        </BookingFlowContext.Provider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(quotesAsked).toBeGreaterThan(0), { timeout: 4000 });
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return screen.getByTestId('price-box');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  if (typeof CSS === 'undefined' || !CSS.escape) vi.stubGlobal('CSS', { escape: (value: string) => value });
});

describe('the price box when the server refuses the quote', () => {
  const refusal = {
    en: 'The Family Suite takes at most 5 guests: up to 2 adults and up to 3 children.',
    ar: 'الحد الأقصى في جناح عائلي: ٥ ضيوف (البالغون حتى ٢، والأطفال حتى ٣).',
  };
  for (const language of ['en', 'ar'] as const) {
    it(`says the server's message, not the offline text, for a 422 over_occupancy (${language})`, async () => {
      const box = await open(language, async () =>
        Response.json({ error: { code: 'over_occupancy', message: refusal[language] } }, { status: 422 }),
      );
      expect(screen.getByTestId('price-refused').textContent).toBe(refusal[language]);
      expect(box.textContent).not.toContain(offlineText[language]);
    });
  }

  it('says the server’s message for a 400 too', async () => {
    const message = 'Check the fields marked.';
    const box = await open('en', async () =>
      Response.json({ error: { code: 'validation_failed', message } }, { status: 400 }),
    );
    expect(screen.getByTestId('price-refused').textContent).toBe(message);
    expect(box.textContent).not.toContain(offlineText.en);
  });

  it('keeps the offline text when there is no answer at all (both languages)', async () => {
    for (const language of ['en', 'ar'] as const) {
      const box = await open(language, () => Promise.reject(new TypeError('Failed to fetch')));
      expect(screen.queryByTestId('price-refused')).toBeNull();
      expect(box.textContent).toContain(offlineText[language]);
      cleanup();
    }
  });
});

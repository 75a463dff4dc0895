// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { roomKeys } from '@/entities/rooms/room-keys';
import type { Offer } from '@/entities/offers/get-offers';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import OffersPanel from './offers-panel';

afterEach(cleanup);

// jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
if (typeof CSS === 'undefined' || !CSS.escape) {
  vi.stubGlobal('CSS', {
    ...(globalThis.CSS ?? {}),
    escape: (value: string) => value.replace(/["\\]/g, '\\$&'),
  });
}

/** A tap as a browser sends it: pointer and mouse down and up, then the click. */
async function tap(element: Element) {
  await act(async () => {
    fireEvent.pointerDown(element, { pointerId: 1, pointerType: 'mouse', button: 0 });
    fireEvent.mouseDown(element, { button: 0 });
    fireEvent.pointerUp(element, { pointerId: 1, pointerType: 'mouse', button: 0 });
    fireEvent.mouseUp(element, { button: 0 });
    fireEvent.click(element, { button: 0, detail: 1 });
  });
}

const offer = {
  id: 1,
  roomType: 'gold',
  nameAr: 'عرض الذهبية',
  nameEn: 'Gold offer',
  discountedPriceBaisa: 13_200,
  originalPriceBaisa: 18_000,
  features: [],
  isBestSeller: false,
  validFrom: null,
  validTo: null,
  photos: [],
  galleryImages: ['/a.jpg', '/b.jpg', '/c.jpg'],
} as unknown as Offer;

function renderPanel(language: 'ar' | 'en', onClose: () => void) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(roomKeys.offers(), [offer]);
  // The panel asks again as it opens: the answer is the same list.
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify([offer]), { headers: { 'content-type': 'application/json' } }),
    ),
  );
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <OffersPanel onClose={onClose} onQuickBooking={() => {}} onBook={() => {}} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the offers panel: an offer photo full screen', () => {
  for (const [language, next, previous, counter2] of [
    ['en', 'Next photo', 'Previous photo', '2 / 3'],
    ['ar', 'الصورة التالية', 'الصورة السابقة', '٢ / ٣'],
  ] as const) {
    it(`the viewer's arrows move between the photos and leave the panel open (${language})`, async () => {
      const onClose = vi.fn();
      renderPanel(language, onClose);
      await tap(screen.getByTestId('offer-card-photo'));
      const counter = await screen.findByTestId('photo-viewer-counter');
      expect(counter.textContent).toBe(language === 'ar' ? '١ / ٣' : '1 / 3');
      await tap(screen.getByRole('button', { name: next }));
      // The tap is inside the viewer: the panel under it stays open.
      expect(onClose).not.toHaveBeenCalled();
      await waitFor(() => expect(screen.getByTestId('photo-viewer-counter').textContent).toBe(counter2));
      await tap(screen.getByRole('button', { name: previous }));
      await waitFor(() =>
        expect(screen.getByTestId('photo-viewer-counter').textContent).toBe(
          language === 'ar' ? '١ / ٣' : '1 / 3',
        ),
      );
      // Escape closes the viewer, not the panel.
      await act(async () => {
        fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
      });
      await waitFor(() => expect(screen.queryByTestId('photo-viewer-counter')).toBeNull());
      expect(onClose).not.toHaveBeenCalled();
      expect(screen.getByTestId('offers-panel')).toBeTruthy();
    });
  }
});

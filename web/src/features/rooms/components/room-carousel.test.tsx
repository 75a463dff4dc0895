// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RoomTier } from '@/entities/rooms/get-rooms';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { RoomCarousel } from './room-carousel';

beforeEach(() => {
  // jsdom has no matchMedia (the carousel asks whether motion is reduced).
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const tier = (roomType: string, nameEn: string, nameAr: string) =>
  ({
    roomType,
    nameAr,
    nameEn,
    descriptionAr: '',
    descriptionEn: '',
    originalPriceBaisa: 18_000,
    discountedPriceBaisa: 13_200,
    amenities: [],
    photos: [],
  }) as unknown as RoomTier;

// jsdom lays nothing out: the test reads the classes that keep the row within a 360 px phone. The
// arrows, four dots and Pause were wider than 320 px of content in Arabic, the next arrow 12 px
// off the screen's left edge (seen in a screenshot): the middle group may now shrink and wrap.
describe('the room carousel’s controls on a narrow phone', () => {
  it('keep the arrows whole at the row’s ends and let the dots and Pause wrap between them', () => {
    i18n.loadAndActivate({ locale: 'ar', messages: ar as never });
    render(
      <I18nProvider i18n={i18n}>
        <RoomCarousel
          rooms={[
            tier('silver', 'Silver Room', 'الغرفة الفضية'),
            tier('gold', 'Gold Room', 'الغرفة الذهبية'),
            tier('diamond', 'Diamond Room', 'الغرفة الماسية'),
            tier('deluxe', 'Deluxe Room', 'الغرفة الفاخرة'),
          ]}
          onBook={() => {}}
        />
      </I18nProvider>,
    );
    const row = screen.getByTestId('room-carousel-controls');
    const [previous, middle, next] = [...row.children] as HTMLElement[];
    for (const arrow of [previous!, next!]) expect(arrow.className).toMatch(/\bshrink-0\b/);
    expect(middle!.className).toMatch(/\bmin-w-0\b/);
    expect(middle!.className).toMatch(/\bflex-wrap\b/);
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoomTier } from '@/entities/rooms/get-rooms';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { RoomTierCard } from './room-tier-card';

const use = (language: 'ar' | 'en') =>
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });

afterEach(cleanup);

describe('RoomTierCard rooms left (issue 28 item 7)', () => {
  it('a room card with one room left says "1 room left tonight", in Arabic "بقيت غرفة واحدة الليلة"', () => {
    const room = {
      roomType: 'gold',
      nameAr: 'الغرفة الذهبية',
      nameEn: 'Gold Room',
      descriptionAr: 'وصف',
      descriptionEn: 'A room.',
      originalPriceBaisa: 18_000,
      discountedPriceBaisa: 13_200,
      amenities: [],
      photos: [],
    } as unknown as RoomTier;
    for (const [language, text] of [
      ['en', '1 room left tonight'],
      ['ar', 'بقيت غرفة واحدة الليلة'],
    ] as const) {
      use(language);
      render(
        <I18nProvider i18n={i18n}>
          <RoomTierCard room={room} roomsLeft={1} onBook={() => {}} />
        </I18nProvider>,
      );
      expect(screen.getByTestId('rooms-left').textContent).toBe(text);
      cleanup();
    }
  });
});

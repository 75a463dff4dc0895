// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { availabilityKeys } from '@/entities/availability/get-availability';
import type { RoomTier } from '@/entities/rooms/get-rooms';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { RoomTierCard } from './room-tier-card';

const use = (language: 'ar' | 'en') =>
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });

afterEach(cleanup);

describe('RoomTierCard rooms left', () => {
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

describe('RoomTierCard price', () => {
  it('strikes the original price through only when it is higher than the price', () => {
    use('en');
    const room = (originalPriceBaisa: number) =>
      ({
        roomType: 'family-suite',
        nameAr: 'جناح عائلي',
        nameEn: 'Family Suite',
        descriptionAr: '',
        descriptionEn: '',
        originalPriceBaisa,
        discountedPriceBaisa: 45_000,
        amenities: [],
        photos: [],
      }) as unknown as RoomTier;
    const { container, unmount } = render(
      <I18nProvider i18n={i18n}>
        <RoomTierCard room={room(45_000)} roomsLeft={2} onBook={() => {}} />
      </I18nProvider>,
    );
    expect(container.querySelector('s')).toBeNull();
    unmount();
    const higher = render(
      <I18nProvider i18n={i18n}>
        <RoomTierCard room={room(50_000)} roomsLeft={2} onBook={() => {}} />
      </I18nProvider>,
    );
    expect(higher.container.querySelector('s')?.textContent).toContain('50.000');
  });
});

describe('RoomTierCard amenities', () => {
  it('renders no list for a type without amenities, and the list for one with them, in both languages', () => {
    const room = (amenities: { ar: string; en: string }[]) =>
      ({
        roomType: 'family-suite',
        nameAr: 'جناح عائلي',
        nameEn: 'Family Suite',
        descriptionAr: '',
        descriptionEn: '',
        originalPriceBaisa: 45_000,
        discountedPriceBaisa: 45_000,
        amenities,
        photos: [],
      }) as unknown as RoomTier;
    for (const language of ['ar', 'en'] as const) {
      use(language);
      const bare = render(
        <I18nProvider i18n={i18n}>
          <RoomTierCard room={room([])} roomsLeft={2} onBook={() => {}} />
        </I18nProvider>,
      );
      expect(bare.container.querySelector('ul')).toBeNull();
      expect(screen.queryByRole('list')).toBeNull();
      bare.unmount();
      render(
        <I18nProvider i18n={i18n}>
          <RoomTierCard
            room={room([{ ar: 'مطبخ صغير', en: 'Kitchenette' }])}
            roomsLeft={2}
            onBook={() => {}}
          />
        </I18nProvider>,
      );
      expect(screen.getByRole('listitem').textContent).toContain(
        language === 'ar' ? 'مطبخ صغير' : 'Kitchenette',
      );
      cleanup();
    }
  });
});

describe('RoomTierCard sold out tonight', () => {
  it('says when the type is next available, from the calendar’s next two months, in both languages', async () => {
    const room = {
      roomType: 'deluxe',
      nameAr: 'جناح الديلوكس',
      nameEn: 'Deluxe Suite',
      descriptionAr: 'وصف',
      descriptionEn: 'A suite.',
      originalPriceBaisa: 25_000,
      discountedPriceBaisa: 17_300,
      amenities: [],
      photos: [],
    } as unknown as RoomTier;
    const today = hotelToday();
    // The answer of GET /api/availability for the next 62 nights: full tonight and tomorrow.
    const nights = Array.from({ length: 62 }, (_, i) => ({
      date: addDays(today, i),
      available: i < 2 ? 0 : 3,
      priceBaisa: 17_300,
    }));
    const next = new Date(`${addDays(today, 2)}T00:00:00Z`);
    for (const [language, expected] of [
      [
        'en',
        `Next available: ${next.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`,
      ],
      [
        'ar',
        `أقرب موعد متاح: ${next.toLocaleDateString('ar-OM-u-ca-gregory', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })}`,
      ],
    ] as const) {
      use(language);
      const client = new QueryClient();
      client.setQueryData(availabilityKeys.page('deluxe', today), { roomType: 'deluxe', nights });
      render(
        <QueryClientProvider client={client}>
          <I18nProvider i18n={i18n}>
            <RoomTierCard room={room} roomsLeft={0} onBook={() => {}} />
          </I18nProvider>
        </QueryClientProvider>,
      );
      expect((await screen.findByTestId('next-available')).textContent).toBe(expected);
      cleanup();
    }
    // A card with rooms left tonight does not ask.
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <I18nProvider i18n={i18n}>
          <RoomTierCard room={room} roomsLeft={2} onBook={() => {}} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('next-available')).toBeNull();
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { roomListQueryOptions } from '@/entities/rooms/get-room-list';
import { roomTypesQueryOptions } from '@/entities/rooms/get-room-types';
import { testRoomType } from '@/entities/rooms/test-room-type';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { RoomList } from './room-list';

// Silver's numbered rooms: three of the four free tonight, all three sellable.
const silver = {
  availableCount: 3,
  rooms: [
    { id: 1, number: '101', floor: 1, available: true },
    { id: 2, number: '102', floor: 1, available: false },
    { id: 3, number: '103', floor: 1, available: true },
    { id: 4, number: '104', floor: 1, available: true },
  ],
};
const inventory = (availableCount: number) => [{ roomType: 'silver', availableCount, totalCount: 12 }];
// The hotel's room types (GET /api/room-types): the tabs, in its order.
const silverType = testRoomType('silver', { nameAr: 'الغرفة الفضية', nameEn: 'Silver Room' });

function renderList(language: 'ar' | 'en', left: number, types = [silverType], list: object = silver) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(roomTypesQueryOptions().queryKey, types);
  queryClient.setQueryData(roomListQueryOptions('silver').queryKey, list as never);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RoomList inventory={inventory(left) as never} onBook={() => {}} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

beforeEach(() => {
  // Nothing is fetched: the list comes from the cache.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a numbered room list (spec: "Available (n)")', () => {
  it('says how many of its rooms are free tonight, in English', async () => {
    renderList('en', 5);
    await settle();
    const count = screen.getByTestId('room-list-available-silver');
    expect(count.textContent).toBe('Available (3)');
    expect(count.dataset.count).toBe('3');
    expect(screen.getAllByText('Available')).toHaveLength(3);
    expect(screen.getAllByText('Not Available')).toHaveLength(1);
    // Book Now on the free rooms only: the room taken tonight offers none.
    expect(
      screen
        .getAllByRole('button', { name: /^Book Now/ })
        .map((b) => b.getAttribute('aria-label')!.replace(/[\u2066\u2069]/g, '')),
    ).toEqual([
      'Book Now: Silver Room, room 101',
      'Book Now: Silver Room, room 103',
      'Book Now: Silver Room, room 104',
    ]);
  });

  it('says the card’s count when fewer rooms can be sold than are free (bookings not yet given a room)', async () => {
    // The card: 1 room left tonight; three numbered rooms free.
    renderList('en', 1, [silverType], { ...silver, availableCount: 1 });
    await settle();
    expect(screen.getByTestId('room-list-available-silver').textContent).toBe('Available (1)');
    expect(screen.getByTestId('room-list-any-silver').textContent).toBe(
      'One of these free rooms can still be booked tonight: choose any.',
    );
    cleanup();
    renderList('ar', 2, [silverType], { ...silver, availableCount: 2 });
    await settle();
    expect(screen.getByTestId('room-list-available-silver').textContent).toBe('متاحة (٢)');
    expect(screen.getByTestId('room-list-any-silver').textContent).not.toMatch(/[0-9]/);
    cleanup();
    // Sold out: every room Not Available, no Book Now at all.
    renderList('en', 0, [silverType], { ...silver, availableCount: 0 });
    await settle();
    expect(screen.queryAllByRole('button', { name: /^Book Now/ })).toEqual([]);
  });

  it('in Arabic, with Arabic-Indic digits; none when the type is sold out tonight', async () => {
    renderList('ar', 5);
    await settle();
    expect(screen.getByTestId('room-list-available-silver').textContent).toBe('متاحة (٣)');
    cleanup();
    renderList('ar', 0);
    await settle();
    const none = screen.getByTestId('room-list-available-silver');
    expect(none.dataset.count).toBe('0');
    expect(none.textContent).toBe('غير متاح');
  });

  it("has a tab for each of the hotel's types, one it added too, in its order and language", async () => {
    const familySuite = testRoomType('family-suite', { nameAr: 'جناح عائلي', nameEn: 'Family Suite' });
    renderList('ar', 5, [silverType, familySuite]);
    await settle();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['الغرفة الفضية', 'جناح عائلي']);
    cleanup();
    renderList('en', 5, [familySuite, silverType]);
    await settle();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Family Suite', 'Silver Room']);
  });
});

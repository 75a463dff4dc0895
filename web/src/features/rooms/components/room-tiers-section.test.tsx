// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BookingFlow, BookingFlowContext } from '@/entities/bookings/booking-flow';
import { roomInventoryQueryOptions } from '@/entities/rooms/get-room-inventory';
import { type RoomTier, roomsQueryOptions } from '@/entities/rooms/get-rooms';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { preloadRoomCards, RoomTiersSection } from './room-tiers-section';

// Every render of a card, with the rooms-left count it was given (the real card still renders).
const cardRenders: { roomType: string; roomsLeft: number | undefined }[] = [];
vi.mock('./room-tier-card', async (importOriginal) => {
  const original = await importOriginal<typeof import('./room-tier-card')>();
  return {
    ...original,
    RoomTierCard: (props: Parameters<typeof original.RoomTierCard>[0]) => {
      cardRenders.push({ roomType: props.room.roomType, roomsLeft: props.roomsLeft });
      return original.RoomTierCard(props);
    },
  };
});

const rooms = (['silver', 'gold'] as const).map((roomType) => ({
  roomType,
  nameAr: `غرفة ${roomType}`,
  nameEn: `${roomType} room`,
  descriptionAr: 'وصف',
  descriptionEn: 'A room.',
  originalPriceBaisa: 15_000,
  discountedPriceBaisa: 12_600,
  amenities: [{ ar: 'إنترنت', en: 'Wi-Fi' }],
  photos: [],
})) as unknown as RoomTier[];
const tonight = rooms.map((room) => ({ roomType: room.roomType, availableCount: 12, totalCount: 20 }));
const flow: BookingFlow = { bookRoom: () => {}, openQuickBooking: () => {} };

function section(queryClient: QueryClient): ReactNode {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BookingFlowContext.Provider value={flow}>
          <RoomTiersSection />
        </BookingFlowContext.Provider>
      </QueryClientProvider>
    </I18nProvider>
  );
}

function renderSection(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(section(queryClient));
  return queryClient;
}

/** Sets a query's answer as its fetch would, and lets TanStack Query's later task and React's renders run. */
async function answer(queryClient: QueryClient, key: readonly unknown[], data: unknown) {
  await act(async () => {
    queryClient.setQueryData(key, data);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

// The cards are a chunk of their own, fetched as the section mounts (as the rooms are asked for):
// here fetched first, so that each answer draws them at once, as on a page where it has arrived.
beforeAll(() => preloadRoomCards());

beforeEach(() => {
  cardRenders.length = 0;
  // The section's own requests wait for ever: the answers come from the cache, in the order a
  // page load may see them.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RoomTiersSection', () => {
  it('renders each card once per answer: the rooms, then tonight’s counts, never again with the old values', async () => {
    const queryClient = renderSection('en');
    expect(screen.getByText('Loading rooms…')).toBeTruthy();

    await answer(queryClient, roomsQueryOptions().queryKey, rooms);
    expect(screen.getByText('silver room')).toBeTruthy();
    await answer(queryClient, roomInventoryQueryOptions().queryKey, tonight);
    expect(screen.getAllByText('12 rooms left tonight')).toHaveLength(2);

    // The urgent render each answer causes draws the section only; the cards render in the
    // deferred render that follows, once with no counts and once with them.
    expect(cardRenders.filter((r) => r.roomType === 'silver').map((r) => r.roomsLeft)).toEqual([
      undefined,
      12,
    ]);
    expect(cardRenders.filter((r) => r.roomType === 'gold').map((r) => r.roomsLeft)).toEqual([undefined, 12]);
  });

  it('shows the cards’ texts in Arabic, with Arabic-Indic digits', async () => {
    const queryClient = renderSection('ar');
    expect(screen.getByText('جارٍ تحميل الغرف…')).toBeTruthy();
    await answer(queryClient, roomsQueryOptions().queryKey, rooms);
    await answer(queryClient, roomInventoryQueryOptions().queryKey, tonight);
    expect(screen.getByRole('heading', { name: 'غرفنا' })).toBeTruthy();
    expect(screen.getAllByText('بقيت ١٢ غرفة الليلة')).toHaveLength(2);
    expect(screen.getAllByText('لليلة الواحدة')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^احجز الآن/ })).toHaveLength(2);
  });

  it('shows a type the hotel added, coloured by its own low-stock marks, and not one it retired', async () => {
    const queryClient = renderSection('en');
    const familySuite = {
      ...rooms[0],
      roomType: 'family-suite',
      nameEn: 'Family Suite',
      available: true,
      lowStock: { red: 1, yellow: 2 },
    } as RoomTier;
    const retired = { ...rooms[1], roomType: 'day-room', nameEn: 'Day Room', available: false } as RoomTier;
    await answer(queryClient, roomsQueryOptions().queryKey, [...rooms, familySuite, retired]);
    await answer(queryClient, roomInventoryQueryOptions().queryKey, [
      ...tonight,
      { roomType: 'family-suite', availableCount: 2, totalCount: 2 },
    ]);
    expect(screen.getByText('Family Suite')).toBeTruthy();
    expect(screen.queryByText('Day Room')).toBeNull();
    const left = screen.getByTestId('room-tier-family-suite').querySelector('[data-testid="rooms-left"]');
    expect(left?.textContent).toBe('2 rooms left tonight');
    expect(left?.className).toContain('bg-amber-100');
  });

  it('takes the prerendered section over as it is when the rooms have already arrived (a panel opened first), then draws the cards', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    const noQueries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The prerendered page: no rooms yet, no cards drawn before the app.
    const container = document.createElement('div');
    container.innerHTML = renderToString(section(noQueries));
    document.body.append(container);
    expect(container.textContent).toContain('Loading rooms…');
    // The app's client has the rooms already (the quick booking panel, opened first, asked for them).
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(roomsQueryOptions().queryKey, rooms);
    queryClient.setQueryData(roomInventoryQueryOptions().queryKey as readonly unknown[], tonight);
    const mismatches: unknown[] = [];
    const root = await act(async () => {
      const root = hydrateRoot(container, section(queryClient), {
        onRecoverableError: (error) => mismatches.push(error),
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      return root;
    });
    // React found the server's markup (no error 418, no section rendered again from nothing)...
    expect(mismatches).toEqual([]);
    // ...and the cards came right after, in the deferred render.
    expect(container.textContent).toContain('silver room');
    expect(container.textContent).toContain('12 rooms left tonight');
    act(() => root.unmount());
    container.remove();
  });
});

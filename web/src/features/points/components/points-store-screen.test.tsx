// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/entities/session/auth-keys';
import { Router } from '@/lib/router';
import { pointsBalanceQueryOptions } from '../api/get-points-balance';
import { PointsBookingScreen } from './points-booking-screen';
import { roomTypesQueryOptions } from '@/entities/rooms/get-room-types';
import { testRoomType } from '@/entities/rooms/test-room-type';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { PointsStoreScreen } from './points-store-screen';

// The hotel's types: a spec tier, a type it added (sold for points), and one not sold for points.
const types = [
  testRoomType('gold', {
    nameAr: 'الغرفة الذهبية',
    nameEn: 'Gold Room',
    pointsPerStay: 10,
    freeNightPoints: 160,
  }),
  testRoomType('family-suite', {
    nameAr: 'جناح عائلي',
    nameEn: 'Family Suite',
    pointsPerStay: 25,
    freeNightPoints: 300,
  }),
  testRoomType('day-room', {
    nameAr: 'غرفة نهارية',
    nameEn: 'Day Room',
    pointsPerStay: 0,
    freeNightPoints: null,
  }),
];

beforeEach(() => {
  // Nobody signed in; nothing else answers.
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(roomTypesQueryOptions().queryKey, types);
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <PointsStoreScreen />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the points store sells the hotel’s types at their own points', () => {
  it('a free night of each type sold for points, at its price; what each stay earns', () => {
    show('en');
    expect(screen.getByTestId('free-night-gold').textContent).toContain('160 points');
    expect(screen.getByTestId('free-night-family-suite').textContent).toContain('Family Suite');
    expect(screen.getByTestId('free-night-family-suite').textContent).toContain('300 points');
    expect(screen.queryByTestId('free-night-day-room')).toBeNull();
    expect(screen.getByTestId('points-earned').textContent).toBe(
      'Each completed stay earns points:Gold Room: 10 pointsFamily Suite: 25 points',
    );
  });

  it('in Arabic, with Arabic-Indic digits', () => {
    show('ar');
    expect(screen.getByTestId('free-night-family-suite').textContent).toContain('جناح عائلي');
    expect(screen.getByTestId('points-earned').textContent).toContain('جناح عائلي: ٢٥ نقطة');
  });
});

// Once a journey (e2e/points.spec.ts): the free-night form without a choice, and a guest with no points.
describe('a guest with no free night chosen and no points', () => {
  it('/points-booking without a chosen room goes back to the points store, whose Buy with points is disabled at 0', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    localStorage.clear();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(roomTypesQueryOptions().queryKey, types);
    const guest = { id: 3, email: 'visitor@example.com', fullName: 'Points Visitor', role: 'guest' as const };
    client.setQueryData(authKeys.me(), guest);
    client.setQueryData(pointsBalanceQueryOptions(guest.email).queryKey, {
      userEmail: guest.email,
      totalPoints: 0,
      updatedAt: null,
      lastEarned: null,
    });
    const location = memoryLocation({ path: '/points-booking', record: true });
    render(
      <QueryClientProvider client={client}>
        <I18nProvider i18n={i18n}>
          <Router hook={location.hook}>
            <PointsBookingScreen />
          </Router>
        </I18nProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(location.history?.at(-1)).toBe('/points-store'));
    cleanup();
    render(
      <QueryClientProvider client={client}>
        <I18nProvider i18n={i18n}>
          <PointsStoreScreen />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('points-store-balance').textContent).toContain('0 points');
    const buy = screen.getByTestId('free-night-gold').querySelector('button')!;
    expect(buy.textContent).toBe('Buy with points');
    expect(buy.hasAttribute('disabled') || buy.getAttribute('aria-disabled') === 'true').toBe(true);
  });
});

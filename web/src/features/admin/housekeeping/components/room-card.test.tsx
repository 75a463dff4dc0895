// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { labelInNameMismatches } from '@/lib/label-in-name';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { HousekeepingRoom } from '../api/get-housekeeping-board';
import { RoomCard } from './room-card';

beforeEach(() => {
  // The room types' names (the only request a card makes): none here, the code stands in.
  vi.stubGlobal(
    'fetch',
    async () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const room = (number: string, status: HousekeepingRoom['status']): HousekeepingRoom =>
  ({
    id: Number(number),
    number,
    roomType: 'gold',
    floor: 1,
    status,
    notes: null,
    statusChangedAt: null,
    outOfOrder: null,
    departure: false,
    checkedOut: false,
    lateCheckOut: null,
    stayOver: false,
    arrival: false,
    arrived: false,
    vacant: true,
  }) as HousekeepingRoom;

/**
 * The room board's buttons say what they show (WCAG 2.5.3, axe's label-content-name-mismatch): a
 * voice-control user says "Dirty" / "تحتاج تنظيفاً" and the button with those words is pressed.
 * The Arabic names said "متسخة" beside a button that reads "تحتاج تنظيفاً".
 */
describe('a room card’s buttons', () => {
  it.each(['ar', 'en'] as const)('carry their visible words in their names (%s)', async (language) => {
    i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nProvider i18n={i18n}>
          {(['clean', 'inspected', 'dirty'] as const).map((status, i) => (
            <RoomCard
              key={status}
              room={room(String(101 + i), status)}
              disabled={false}
              onStatus={() => undefined}
              onOutOfOrder={() => undefined}
            />
          ))}
        </I18nProvider>
      </QueryClientProvider>,
    );
    // Clean and inspected rooms may be marked dirty; a dirty one clean.
    expect(await screen.findAllByTestId('mark-dirty')).toHaveLength(2);
    expect(screen.getAllByTestId('mark-clean')).toHaveLength(1);
    expect(labelInNameMismatches(document.body).join('\n')).toBe('');
  });
});

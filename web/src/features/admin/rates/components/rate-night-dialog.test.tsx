// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { RateCalendarNight } from '../api/rates';
import RateNightDialog from './rate-night-dialog';

beforeEach(() => {
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async () => Response.json([]));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A gold night on standard with an extra-guest price of its own (6.000); the plan's is 4.500.
const night = {
  roomType: 'gold',
  night: '2030-03-01',
  sold: true,
  own: {
    priceBaisa: null,
    singlePriceBaisa: null,
    extraGuestPriceBaisa: 6_000,
    minStay: null,
    maxStay: null,
    closed: null,
    closedToArrival: null,
    closedToDeparture: null,
  },
  priceBaisa: 13_200,
  singlePriceBaisa: 13_200,
  extraGuestPriceBaisa: 6_000,
  priceSource: 'room_type',
  extraGuestSource: 'own',
  inheritedExtraGuest: { priceBaisa: 4_500, source: 'plan' },
  restrictions: {
    closed: false,
    minStay: null,
    maxStay: null,
    closedToArrival: false,
    closedToDeparture: false,
  },
} as RateCalendarNight;

function open(language: 'ar' | 'en', shown: RateCalendarNight = night) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RateNightDialog ratePlan="standard" planLabel="Flexible rate" night={shown} onClose={() => {}} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe('a night’s extra-guest price on the rate calendar', () => {
  it('says where it comes from and what clearing the night’s own leads to (the plan’s), in both languages', () => {
    open('en');
    expect(screen.getByTestId('rate-night-now').textContent).toContain(
      'OMR\u00a06.000 for each further guest (own price)',
    );
    expect(screen.getByTestId('rate-extraGuestPriceBaisa').textContent).toContain(
      "Not set: OMR\u00a04.500 (the plan's)",
    );
    cleanup();
    open('ar');
    expect(screen.getByTestId('rate-extraGuestPriceBaisa').textContent).toContain(
      'إن لم يُحدد: ٤٫٥٠٠\u00a0ر.ع. (سعر الخطة)',
    );
  });

  it('names the room type’s and the house default when the plan has none', () => {
    open('en', { ...night, inheritedExtraGuest: { priceBaisa: 3_000, source: 'room_type' } });
    expect(screen.getByTestId('rate-extraGuestPriceBaisa').textContent).toContain(
      "Not set: OMR\u00a03.000 (the room type's)",
    );
    cleanup();
    open('en', {
      ...night,
      own: { ...night.own, extraGuestPriceBaisa: null },
      extraGuestPriceBaisa: 2_000,
      extraGuestSource: 'default',
      inheritedExtraGuest: { priceBaisa: 2_000, source: 'default' },
    });
    expect(screen.getByTestId('rate-night-now').textContent).toContain(
      'OMR\u00a02.000 for each further guest (the house default)',
    );
  });
});

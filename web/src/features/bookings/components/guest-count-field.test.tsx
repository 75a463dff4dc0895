// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testRoomType } from '@/entities/rooms/test-room-type';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { type GuestCounts, GuestCountField, guestsRefusal } from './guest-count-field';

afterEach(cleanup);

// A type the hotel added: two adults and three children, five in all, two in the price.
const familySuite = testRoomType('family-suite', {
  nameAr: 'جناح عائلي',
  nameEn: 'Family Suite',
  baseOccupancy: 2,
  maxAdults: 2,
  maxChildren: 3,
  maxOccupancy: 5,
});
// A spec tier: four guests, four adults or three children among them.
const gold = testRoomType('gold', { nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room' });

function show(value: GuestCounts, type: typeof gold, language: 'ar' | 'en' = 'en', extraGuestBaisa?: number) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  render(
    <I18nProvider i18n={i18n}>
      <GuestCountField
        value={value}
        onChange={() => {}}
        type={type}
        error={undefined}
        extraGuestBaisa={extraGuestBaisa}
      />
    </I18nProvider>,
  );
}

describe('adults and children within the room type’s limits', () => {
  it('takes 2 adults and 3 children in the family suite, and refuses six guests', () => {
    expect(guestsRefusal(familySuite, { adults: 2, children: 3 })).toBeNull();
    expect(guestsRefusal(familySuite, { adults: 3, children: 3 })).toBe('over_occupancy');
    expect(guestsRefusal(familySuite, { adults: 3, children: 0 })).toBe('over_occupancy');
    // The spec's four as before: at most four guests.
    expect(guestsRefusal(gold, { adults: 4, children: 0 })).toBeNull();
    expect(guestsRefusal(gold, { adults: 2, children: 3 })).toBe('over_occupancy');
    // Unknown type (offline, first visit): the server checks.
    expect(guestsRefusal(undefined, { adults: 9, children: 3 })).toBeNull();
  });

  it('offers the type’s own numbers, and says nothing while the guests fit (en)', () => {
    show({ adults: 2, children: 3 }, familySuite);
    expect((screen.getByRole('textbox', { name: 'Adults' }) as HTMLInputElement).value).toBe('2');
    expect((screen.getByRole('textbox', { name: 'Children' }) as HTMLInputElement).value).toBe('3');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(
      screen.getByText(
        'The price is for 2 guests; each further guest, adult or child, adds OMR 2.000 a night.',
      ),
    ).toBeTruthy();
  });

  it('above the limits, names them in both languages', () => {
    show({ adults: 2, children: 4 }, familySuite);
    expect(screen.getByRole('alert').textContent).toBe(
      'The Family Suite takes at most 5 guests: up to 2 adults and up to 3 children.',
    );
    cleanup();
    show({ adults: 3, children: 3 }, familySuite, 'ar');
    expect(screen.getByRole('alert').textContent).toBe(
      'الحد الأقصى في جناح عائلي: ٥ ضيوف (البالغون حتى ٢، والأطفال حتى ٣).',
    );
    cleanup();
    show({ adults: 3, children: 2 }, gold);
    expect(screen.getByRole('alert').textContent).toBe(
      'The Gold Room takes at most 4 guests: up to 4 adults and up to 3 children.',
    );
  });
});

describe('the room type’s limits said before the steppers stop', () => {
  it('says them all the time, also at the limit (2 adults and 3 children), in both languages', () => {
    show({ adults: 2, children: 3 }, familySuite);
    const limits = screen.getByTestId('guest-counts-limits');
    expect(limits.textContent).toBe('Adults up to 2, children up to 3: 5 guests in all.');
    expect(screen.getByTestId('guest-counts').getAttribute('aria-describedby')).toBe(limits.id);
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    show({ adults: 2, children: 3 }, familySuite, 'ar');
    expect(screen.getByTestId('guest-counts-limits').textContent).toBe(
      'البالغون حتى ٢، والأطفال حتى ٣: ٥ ضيوف إجمالًا.',
    );
    cleanup();
    show({ adults: 1, children: 0 }, gold);
    expect(screen.getByTestId('guest-counts-limits').textContent).toBe(
      'Adults up to 4, children up to 3: 4 guests in all.',
    );
  });

  it('says a type that takes no children is for adults only, in both languages', () => {
    const twin = testRoomType('twin', {
      nameAr: 'غرفة توأم',
      nameEn: 'Twin Room',
      maxAdults: 2,
      maxChildren: 0,
      maxOccupancy: 2,
    });
    show({ adults: 1, children: 0 }, twin);
    expect(screen.getByTestId('guest-counts-limits').textContent).toBe('Adults only, up to 2.');
    cleanup();
    show({ adults: 1, children: 0 }, twin, 'ar');
    expect(screen.getByTestId('guest-counts-limits').textContent).toBe('للبالغين فقط، حتى ٢.');
  });

  it('keeps the over-limit sentence for typed values, beside the limits', () => {
    show({ adults: 2, children: 4 }, familySuite);
    expect(screen.getByTestId('guest-counts-limits').textContent).toBe(
      'Adults up to 2, children up to 3: 5 guests in all.',
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'The Family Suite takes at most 5 guests: up to 2 adults and up to 3 children.',
    );
  });

  it('says nothing of limits while the type is not known on the device', () => {
    show({ adults: 2, children: 0 }, undefined as unknown as typeof gold);
    expect(screen.queryByTestId('guest-counts-limits')).toBeNull();
  });
});

describe('what each further guest adds, from the plan and the room type', () => {
  const extra = () => screen.getByTestId('guest-counts-extra').textContent;

  it('says the chosen plan’s figure for the type, in both languages', () => {
    show({ adults: 2, children: 0 }, familySuite, 'en', 3_500);
    expect(extra()).toBe(
      'The price is for 2 guests; each further guest, adult or child, adds OMR\u00a03.500 a night.',
    );
    cleanup();
    show({ adults: 2, children: 0 }, familySuite, 'ar', 3_500);
    expect(extra()).toBe('السعر لضيفين؛ وكل ضيف إضافي، بالغًا كان أو طفلًا، يضيف ٣٫٥٠٠\u00a0ر.ع. في الليلة.');
  });

  it('says the type’s own price when the plan’s is not known, else the spec’s 2.000', () => {
    show({ adults: 2, children: 0 }, { ...familySuite, extraGuestPriceBaisa: 5_000 });
    expect(extra()).toContain('adds OMR\u00a05.000 a night');
    cleanup();
    show({ adults: 2, children: 0 }, { ...familySuite, extraGuestPriceBaisa: null });
    expect(extra()).toContain('adds OMR\u00a02.000 a night');
  });

  it('says further guests stay free when the price is 0', () => {
    show({ adults: 2, children: 0 }, familySuite, 'en', 0);
    expect(extra()).toBe(
      'The price is for 2 guests; further guests, adults or children, stay at no extra charge.',
    );
    cleanup();
    show({ adults: 2, children: 0 }, familySuite, 'ar', 0);
    expect(extra()).not.toMatch(/[0-9]/);
  });
});

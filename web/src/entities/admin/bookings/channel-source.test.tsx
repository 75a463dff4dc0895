// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNEL_FLAGS, type ChannelFlag } from '@shared/channel-schemas';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { ChannelSource } from './channel-source';

afterEach(cleanup);

function pill(language: 'ar' | 'en', channelFlag: ChannelFlag | null) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  render(
    <I18nProvider i18n={i18n}>
      <ChannelSource booking={{ source: 'booking.com', channelReference: 'BDC-4711', channelFlag }} />
    </I18nProvider>,
  );
  const flag = screen.queryByTestId('channel-flag')?.textContent ?? null;
  cleanup();
  return flag;
}

describe('an OTA booking flagged for staff', () => {
  it('words each flag the channel keeps, in English and in Arabic, and none when placed as sold', () => {
    const english = CHANNEL_FLAGS.map((f) => pill('en', f));
    expect(english).toEqual([
      'Not placed: sold out here, find it a room',
      'Not placed: its room type is not mapped',
      'Held, but more guests than its room type takes: upgrade it or add a room',
      'Held, but on a room type or plan we do not sell: move it or call the OTA',
      'Held, but its currency is not the rial: set its price in rials',
      'Changed by the OTA, its rooms not told apart: compare with the OTA',
    ]);
    const arabic = CHANNEL_FLAGS.map((f) => pill('ar', f));
    expect(arabic[2]).toBe('محجوز، لكن ضيوفه أكثر مما يتسع له نوع غرفته: رقِّه أو أضف غرفة');
    expect(arabic[3]).toBe('محجوز، لكن على نوع غرفة أو خطة أسعار لا نبيعها: انقله أو اتصل بموقع الحجز');
    expect(arabic[4]).toBe('محجوز، لكن عملته ليست الريال: حدّد سعره بالريال');
    expect(arabic[5]).toBe('غيّرته وكالة الحجز دون تمييز غرفه: قارِن بما لدى الوكالة');
    // Every flag has words of its own in each language.
    expect(new Set(arabic).size).toBe(CHANNEL_FLAGS.length);
    expect(arabic.every((words) => words && !/[A-Za-z]/.test(words))).toBe(true);
    expect(pill('en', null)).toBeNull();
  });
});

// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundScreen } from '@/components/not-found-screen';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { t } from '@lingui/core/macro';
import {
  forGuestsCount,
  guestsCount,
  minutesCount,
  nightsCount,
  pointsCount,
  roomsLeftTonight,
} from './counts';

/** Every count through the plural forms, numbers in the language's digits. */
const use = (language: 'ar' | 'en') =>
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
const counts = [0, 1, 2, 3, 11, 100];

afterEach(cleanup);

describe('counted copy in Arabic (zero, one, two, few, many, other) and English (one, other)', () => {
  it('points', () => {
    use('ar');
    expect(counts.map((n) => pointsCount(n, 'ar'))).toEqual([
      '٠ نقطة',
      'نقطة واحدة',
      'نقطتان',
      '٣ نقاط',
      '١١ نقطة',
      '١٠٠ نقطة',
    ]);
    use('en');
    expect([1, 2].map((n) => pointsCount(n, 'en'))).toEqual(['1 point', '2 points']);
  });

  it('rooms left tonight, guests and minutes', () => {
    use('ar');
    expect(counts.map((n) => roomsLeftTonight(n, 'ar'))).toEqual([
      'لم تبقَ غرف الليلة',
      'بقيت غرفة واحدة الليلة',
      'بقيت غرفتان الليلة',
      'بقيت ٣ غرف الليلة',
      'بقيت ١١ غرفة الليلة',
      'بقيت ١٠٠ غرفة الليلة',
    ]);
    expect(counts.map((n) => guestsCount(n, 'ar'))).toEqual([
      '٠ ضيف',
      'ضيف واحد',
      'ضيفان',
      '٣ ضيوف',
      '١١ ضيفاً',
      '١٠٠ ضيف',
    ]);
    expect(minutesCount(10, 'ar')).toBe('١٠ دقائق');
    use('en');
    expect([1, 2].map((n) => roomsLeftTonight(n, 'en'))).toEqual([
      '1 room left tonight',
      '2 rooms left tonight',
    ]);
    expect([1, 2].map((n) => guestsCount(n, 'en'))).toEqual(['1 guest', '2 guests']);
  });

  it('nights, and guests after "for": the Arabic dual comes out right ("ليلتان", "لضيفين")', () => {
    use('ar');
    expect(counts.map((n) => nightsCount(n, 'ar'))).toEqual([
      '٠ ليلة',
      'ليلة واحدة',
      'ليلتان',
      '٣ ليالٍ',
      '١١ ليلة',
      '١٠٠ ليلة',
    ]);
    expect(counts.map((n) => forGuestsCount(n, 'ar'))).toEqual([
      'لـ٠ ضيف',
      'لضيف واحد',
      'لضيفين',
      'لـ٣ ضيوف',
      'لـ١١ ضيفاً',
      'لـ١٠٠ ضيف',
    ]);
    // The booking calendar's prices for two guests: "لضيفين", never "لـضيفان".
    const footer = (n: number, language: 'ar' | 'en') =>
      t`Prices in OMR a night ${forGuestsCount(n, language)}. Full: no room left that night; it can still be your check-out day.`;
    expect(footer(2, 'ar')).toMatch(/^الأسعار بالريال العماني لليلة الواحدة لضيفين\. /);
    use('en');
    expect([1, 2].map((n) => forGuestsCount(n, 'en'))).toEqual(['for 1 guest', 'for 2 guests']);
    expect(footer(2, 'en')).toMatch(/^Prices in OMR a night for 2 guests\. /);
  });

  it('the not-found page writes its code in the language’s digits', () => {
    use('ar');
    render(
      <I18nProvider i18n={i18n}>
        <NotFoundScreen />
      </I18nProvider>,
    );
    expect(document.body.textContent).toContain('٤٠٤');
    expect(document.body.textContent).not.toMatch(/[0-9]/);
  });
});

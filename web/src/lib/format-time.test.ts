import { describe, expect, it } from 'vitest';
import { formatTimeOfDay } from './format-time';

const intl = {
  ar: new Intl.DateTimeFormat('ar-OM-u-ca-gregory', {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
    timeZone: 'UTC',
  }),
  en: new Intl.DateTimeFormat('en-GB-u-ca-gregory', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }),
};

describe('formatTimeOfDay', () => {
  for (const language of ['ar', 'en'] as const) {
    it(`matches Intl.DateTimeFormat for every minute of the day (${language})`, () => {
      for (let minute = 0; minute < 24 * 60; minute++) {
        const hh = String(Math.floor(minute / 60)).padStart(2, '0');
        const mm = String(minute % 60).padStart(2, '0');
        const expected = intl[language].format(new Date(Date.UTC(2000, 0, 1, minute / 60, minute % 60)));
        expect(formatTimeOfDay(`${hh}:${mm}`, language)).toBe(expected);
      }
    });
  }

  it('leaves anything that is not HH:MM as it is', () => {
    expect(formatTimeOfDay('24:00', 'ar')).toBe('24:00');
    expect(formatTimeOfDay('2pm', 'en')).toBe('2pm');
  });
});

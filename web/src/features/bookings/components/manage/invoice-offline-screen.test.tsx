// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { InvoiceOfflineScreen, RELOAD_AFTER_ONLINE_MS } from './invoice-offline-screen';

const realLocation = window.location;
const reload = vi.fn();
beforeEach(() => {
  reload.mockReset();
  Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
});

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  render(
    <I18nProvider i18n={i18n}>
      <InvoiceOfflineScreen />
    </I18nProvider>,
  );
}

describe('a tax invoice opened offline', () => {
  for (const [language, heading, why, again] of [
    ['en', 'Tax invoice', 'You are offline', 'Try again'],
    ['ar', 'فاتورة ضريبية', 'لا يوجد اتصال بالإنترنت', 'حاول مرة أخرى'],
  ] as const) {
    it(`says why there is no invoice and loads it again when asked or when the connection is back (${language})`, () => {
      show(language);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
      expect(screen.getByRole('status').textContent).toContain(why);
      fireEvent.click(screen.getByRole('button', { name: again }));
      expect(reload).toHaveBeenCalledTimes(1);
      // Back online: loaded again a moment later, once the connection has settled.
      vi.useFakeTimers();
      act(() => void window.dispatchEvent(new Event('online')));
      expect(reload).toHaveBeenCalledTimes(1);
      act(() => void vi.advanceTimersByTime(RELOAD_AFTER_ONLINE_MS));
      expect(reload).toHaveBeenCalledTimes(2);
    });
  }
});

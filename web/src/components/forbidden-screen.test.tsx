// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { ForbiddenScreen } from './forbidden-screen';

afterEach(cleanup);

function show(language: 'ar' | 'en', role: 'housekeeper' | 'outlet' | 'guest') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  render(
    <I18nProvider i18n={i18n}>
      <ForbiddenScreen role={role} />
    </I18nProvider>,
  );
}

describe('403, the way back', () => {
  it.each([
    ['en', 'Back to my tasks'],
    ['ar', 'العودة إلى مهامي'],
  ] as const)(
    'sends a housekeeper back to their own tasks, where they land after signing in (%s)',
    (language, words) => {
      show(language, 'housekeeper');
      expect(screen.getByRole('link', { name: words }).getAttribute('href')).toBe('/housekeeping/tasks');
    },
  );

  it('sends outlet staff to their outlets and a guest home', () => {
    show('en', 'outlet');
    expect(screen.getByRole('link', { name: 'Back to your outlets' }).getAttribute('href')).toBe('/outlet');
    cleanup();
    show('en', 'guest');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });
});

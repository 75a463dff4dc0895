// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider as AriaI18nProvider } from 'react-aria-components';
import { afterEach, describe, expect, it } from 'vitest';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { Select, SelectItem } from './select';

afterEach(cleanup);

function renderSelect(language: 'ar' | 'en', placeholder?: string) {
  const i18n = setupI18n({ locale: language, messages: { [language]: language === 'ar' ? ar : en } });
  return render(
    <I18nProvider i18n={i18n}>
      <AriaI18nProvider locale={language === 'ar' ? 'ar-OM' : 'en-GB'}>
        <Select label="x" placeholder={placeholder}>
          <SelectItem id="gold">Gold</SelectItem>
        </Select>
      </AriaI18nProvider>
    </I18nProvider>,
  );
}

/**
 * Nothing chosen yet, a select says so in the hotel's words, not react-aria's built-in "Select an
 * item" / "حدد عنصرًا" (the walk found it left in a rooming list's room type).
 */
describe('Select', () => {
  it.each([
    ['ar', 'اختر…', 'حدد عنصرًا'],
    ['en', 'Choose…', 'Select an item'],
  ] as const)('says "choose" in %s when the caller says nothing better', (language, ours, theirs) => {
    renderSelect(language);
    const trigger = screen.getByRole('button');
    expect(trigger.textContent).toContain(ours);
    expect(trigger.textContent).not.toContain(theirs);
  });

  it('keeps the caller’s placeholder', () => {
    renderSelect('en', 'Room type');
    expect(screen.getByRole('button').textContent).toContain('Room type');
  });
});
